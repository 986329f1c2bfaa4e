import { stageMutations, type StageQuestion } from '../../../services/api/stage-queries';
import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import { ErrorSummary } from '../form/error-summary';

/**
 * One question of the 質問 panel: its text (plain, never HTML), who asked, its votes; 投票する
 * for someone else's open question; 回答済みにする and 非表示にする for owner and staff.
 */
export function QuestionItem({
  worldId,
  question: q,
  mine,
  canModerate,
  onChanged,
}: {
  worldId: string;
  question: StageQuestion;
  mine: boolean;
  canModerate: boolean;
  onChanged: (question: StageQuestion) => void;
}) {
  const api = useApi();
  const { busy, errors, failures, run } = useAction();
  const act = (call: () => ReturnType<typeof stageMutations.vote>) =>
    void run(async () => {
      const outcome = await request(call);
      if (!outcome.ok) return outcome.errors;
      onChanged(outcome.data);
    });
  const open = !q.answered && !q.hidden;

  return (
    <li className="question-item" aria-label={`${q.authorName}さんの質問`}>
      <p className="question-body">{q.body}</p>
      <p className="question-meta">
        {q.authorName}
        {mine && '（あなた）'} ・ <span>投票 {q.voteCount}</span>
        {q.answered && <span className="question-answered"> ・ 回答済み</span>}
        {q.hidden && <span> ・ 非表示</span>}
      </p>
      <ErrorSummary messages={errors} focusKey={failures} title="操作できませんでした。" />
      <div className="question-actions">
        {!mine && open && (
          <button
            type="button"
            className="button"
            disabled={busy || q.votedByMe}
            onClick={() => act(() => stageMutations.vote(api, worldId, q.id))}
          >
            {q.votedByMe ? '投票済み' : '投票する'}
          </button>
        )}
        {canModerate && (
          <>
            <button
              type="button"
              className="button-link"
              disabled={busy}
              onClick={() =>
                act(() => stageMutations.moderate(api, worldId, q.id, { answered: !q.answered }))
              }
            >
              {q.answered ? '未回答に戻す' : '回答済みにする'}
            </button>
            <button
              type="button"
              className="button-link"
              disabled={busy}
              onClick={() =>
                act(() => stageMutations.moderate(api, worldId, q.id, { hidden: !q.hidden }))
              }
            >
              {q.hidden ? '再表示' : '非表示にする'}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

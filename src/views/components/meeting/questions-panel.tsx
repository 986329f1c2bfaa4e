import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  sortQuestions,
  STAGE_QUESTION_LIMITS,
  type StageQuestionOrder,
} from '../../../domain/stage-questions';
import {
  stageMutations,
  stageQueries,
  type StageQuestion,
  type StageQuestionList,
} from '../../../services/api/stage-queries';
import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { fileNameOf, saveBlob } from '../download';
import { ErrorSummary } from '../form/error-summary';
import { ListState } from '../query-state';
import { QuestionItem } from './question-item';
import type { WorldActors } from './world-actors';
import './questions.css';

/** Puts a question told by the socket into the list; the caller's own vote stays as it was. */
function merged(
  list: StageQuestionList | undefined,
  told: Omit<StageQuestion, 'votedByMe'>,
  canModerate: boolean,
): StageQuestionList | undefined {
  if (!list) return list;
  const others = list.items.filter((q) => q.id !== told.id);
  if (told.hidden && !canModerate) return { items: others };
  const votedByMe = list.items.find((q) => q.id === told.id)?.votedByMe ?? false;
  return { items: [{ ...told, votedByMe }, ...others] };
}

/**
 * 質問 (docs/product.md §4 ステージへの質問): everyone in the world asks and votes; owner and staff
 * sort, mark answered and hide; the owner downloads the CSV. Every change arrives over the socket
 * (stageQuestion.changed / .removed) and is put into the list as told: nothing is read again.
 */
export function QuestionsPanel({
  world,
  selfUserId,
  canModerate,
  isOwner,
}: {
  world: WorldActors;
  selfUserId: string | null;
  canModerate: boolean;
  isOwner: boolean;
}) {
  const queryApi = useQueryApi();
  const queryClient = useQueryClient();
  const options = stageQueries.questions(queryApi, world.worldId);
  const query = useQuery(options);
  const [order, setOrder] = useState<StageQuestionOrder>('votes');
  const { queryKey } = options;

  useEffect(
    () =>
      world.messages.subscribe((message) => {
        if (message.type === 'stageQuestion.changed')
          queryClient.setQueryData<StageQuestionList>(queryKey, (list) =>
            merged(list, message.question, canModerate),
          );
        if (message.type === 'stageQuestion.removed')
          queryClient.setQueryData<StageQuestionList>(
            queryKey,
            (list) => list && { items: list.items.filter((q) => q.id !== message.id) },
          );
      }),
    [world.messages, queryClient, queryKey, canModerate],
  );
  const replace = (question: StageQuestion) =>
    queryClient.setQueryData<StageQuestionList>(
      queryKey,
      (list) => list && { items: list.items.map((q) => (q.id === question.id ? question : q)) },
    );

  return (
    <section className="questions-panel" aria-labelledby="questions-panel-title">
      <h2 id="questions-panel-title">ステージへの質問</h2>
      <AskForm
        worldId={world.worldId}
        onAsked={(q) =>
          queryClient.setQueryData<StageQuestionList>(queryKey, (list) =>
            merged(list, q, canModerate),
          )
        }
      />
      {canModerate && (
        <div className="field">
          <label className="field-label" htmlFor="questions-order">
            並べ替え
          </label>
          <select
            id="questions-order"
            value={order}
            onChange={(e) => setOrder(e.target.value === 'time' ? 'time' : 'votes')}
          >
            <option value="votes">投票数</option>
            <option value="time">新しい順</option>
          </select>
        </div>
      )}
      <ListState query={query} what="質問" empty="質問はまだありません。">
        {(list) => (
          <ul className="questions-list" aria-label="質問の一覧">
            {sortQuestions(list.items, order).map((q) => (
              <QuestionItem
                key={q.id}
                worldId={world.worldId}
                question={q}
                mine={q.authorId === selfUserId}
                canModerate={canModerate}
                onChanged={replace}
              />
            ))}
          </ul>
        )}
      </ListState>
      {isOwner && <CsvDownload worldId={world.worldId} />}
    </section>
  );
}

function AskForm({
  worldId,
  onAsked,
}: {
  worldId: string;
  onAsked: (question: StageQuestion) => void;
}) {
  const api = useApi();
  const id = useId();
  const { busy, errors, failures, run } = useAction();
  const [body, setBody] = useState('');
  const [done, setDone] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    void run(async () => {
      const outcome = await request(() => stageMutations.ask(api, worldId, body));
      if (!outcome.ok) return outcome.errors;
      onAsked(outcome.data);
      setBody('');
      setDone('質問を送りました。');
    });
  };

  return (
    <form className="questions-ask" aria-label="質問する" onSubmit={submit}>
      <ErrorSummary messages={errors} focusKey={failures} title="質問を送れませんでした。" />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-body`}>
          質問（{STAGE_QUESTION_LIMITS.maxLength}文字まで）
        </label>
        <textarea
          id={`${id}-body`}
          rows={3}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? '送っています…' : '質問する'}
      </button>
      <p role="status">{done}</p>
    </form>
  );
}

function CsvDownload({ worldId }: { worldId: string }) {
  const api = useApi();
  const { busy, errors, failures, run } = useAction();
  const download = () =>
    void run(async () => {
      let disposition: string | null = null;
      const outcome = await request(async () => {
        const result = await stageMutations.downloadCsv(api, worldId);
        disposition = result.response.headers.get('content-disposition');
        return result;
      });
      if (!outcome.ok) return outcome.errors;
      saveBlob(outcome.data, fileNameOf(disposition) ?? 'ステージへの質問.csv');
    });
  return (
    <div>
      <ErrorSummary messages={errors} focusKey={failures} title="ダウンロードできませんでした。" />
      <button type="button" className="button" disabled={busy} onClick={download}>
        質問をCSVでダウンロード
      </button>
    </div>
  );
}

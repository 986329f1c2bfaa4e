import { questionnaireStatusLabels } from '../../../domain/forms/questionnaire-forms';
import { useAction } from '../../hooks/use-action';
import { ErrorSummary } from '../form/error-summary';
import { AnswersCsvButton } from './answers-csv-button';
import type { Questionnaire } from './questionnaire-types';

type Status = Questionnaire['status'];

const transitions: Record<Status, { to: Status; label: string; busy: string }> = {
  draft: { to: 'published', label: '公開する', busy: '公開しています…' },
  published: { to: 'closed', label: '回答を締め切る', busy: '締め切っています…' },
  closed: { to: 'published', label: 'もう一度公開する', busy: '公開しています…' },
};

const explanations: Record<Status, string> = {
  draft: '下書きです。公開すると、ワールドの参加者が回答できるようになります。',
  published: '公開中です。ワールドの参加者が回答できます。',
  closed: '締め切りました。新しい回答は受け付けません。',
};

/** Where the questionnaire stands (draft, published, closed), the next step, and its answers. */
export function QuestionnaireStatus({
  questionnaire,
  onChange,
}: {
  questionnaire: Questionnaire;
  onChange(status: Status): Promise<string[] | void>;
}) {
  const { busy, errors, failures, run } = useAction();
  const next = transitions[questionnaire.status];
  const noQuestions = questionnaire.questions.length === 0;

  return (
    <section aria-labelledby="questionnaire-status">
      <h2 id="questionnaire-status">公開と回答</h2>
      <p>
        <span className={`status-badge status-badge-${questionnaire.status}`}>
          {questionnaireStatusLabels[questionnaire.status]}
        </span>{' '}
        {explanations[questionnaire.status]}
      </p>
      <ErrorSummary
        messages={errors}
        focusKey={failures}
        title="公開状態を変更できませんでした。"
      />
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={busy || (next.to === 'published' && noQuestions)}
          aria-busy={busy || undefined}
          aria-describedby={noQuestions ? 'questionnaire-needs-questions' : undefined}
          onClick={() => void run(() => onChange(next.to))}
        >
          {busy ? next.busy : next.label}
        </button>
        <AnswersCsvButton questionnaire={questionnaire} />
      </div>
      {noQuestions && (
        <p className="field-hint" id="questionnaire-needs-questions">
          質問を1つ以上追加すると公開できます。
        </p>
      )}
      <p>回答数：{questionnaire.answerCount}件</p>
    </section>
  );
}

import { useEffect, useId, useState } from 'react';
import { questionTypeLabels } from '../../../domain/questionnaire';
import type { QuestionBody } from '../../../domain/forms/questionnaire-forms';
import { useAction } from '../../hooks/use-action';
import type { SubmitOutcome } from '../../hooks/use-form';
import { ConfirmAction } from '../confirm-action';
import { ErrorSummary } from '../form/error-summary';
import { QuestionEditor } from './question-editor';
import type { Question } from './questionnaire-types';

export type QuestionListProps = {
  questions: Question[];
  /** Answers exist: the API refuses adding and deleting questions, and changing choices, then. */
  locked: boolean;
  onMove(question: Question, by: -1 | 1): Promise<string[] | void>;
  onUpdate(question: Question, body: QuestionBody): Promise<SubmitOutcome>;
  onDelete(question: Question): Promise<string[] | void>;
};

type Direction = 'up' | 'down';

/** The questions in order, each with 上へ/下へ (keyboard reordering), 編集 and 削除. */
export function QuestionList({ questions, locked, onMove, onUpdate, onDelete }: QuestionListProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const { busy: moving, errors, failures, run } = useAction();
  const [announcement, setAnnouncement] = useState('');
  // After a move the list re-renders; focus follows the moved question's button.
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: Direction } | null>(
    null,
  );
  const listId = useId();

  useEffect(() => {
    if (!focusAfterMove) return;
    const find = (direction: Direction) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.id}:${direction}"]`);
    const same = find(focusAfterMove.direction);
    // At the top "上へ" is disabled: the other direction keeps focus in the same item.
    (same && !same.disabled
      ? same
      : find(focusAfterMove.direction === 'up' ? 'down' : 'up')
    )?.focus();
    // Done once the moved list is on screen, which only this effect sees.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFocusAfterMove(null);
  }, [questions, focusAfterMove]);

  const move = async (question: Question, index: number, by: -1 | 1) => {
    if (!(await run(() => onMove(question, by)))) return;
    setAnnouncement(`「${question.title}」を${index + 1 + by}番目に移動しました。`);
    setFocusAfterMove({ id: question.id, direction: by < 0 ? 'up' : 'down' });
  };

  if (questions.length === 0) {
    return (
      <p className="notice notice-info" id={listId}>
        まだ質問がありません。下のフォームから最初の質問を追加してください。
      </p>
    );
  }

  return (
    <>
      <ErrorSummary
        messages={errors}
        focusKey={failures}
        title="質問の順番を変更できませんでした。"
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <ol className="question-list" aria-label="質問" id={listId}>
        {questions.map((question, index) => {
          const titleId = `${listId}-${question.id}`;
          return (
            <li key={question.id} className="question-item">
              <p className="question-heading" id={titleId}>
                <span className="question-number">Q{index + 1}.</span> {question.title}
                {question.required && <span className="question-required">必須</span>}
              </p>
              <p className="question-meta">
                {questionTypeLabels[question.type]}
                {question.type === 'rating' && `（1〜${question.ratingMax ?? ''}）`}
              </p>
              {question.choices.length > 0 && (
                <ul className="question-choices" aria-label={`「${question.title}」の選択肢`}>
                  {question.choices.map((choice) => (
                    <li key={choice.id}>{choice.label}</li>
                  ))}
                </ul>
              )}
              {editing === question.id ? (
                <QuestionEditor
                  question={question}
                  locked={locked}
                  onSubmit={async (body) => {
                    const outcome = await onUpdate(question, body);
                    if (!outcome) setEditing(null);
                    return outcome;
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <div className="question-actions">
                  <button
                    type="button"
                    className="button"
                    data-move={`${question.id}:up`}
                    aria-describedby={titleId}
                    disabled={index === 0 || moving}
                    onClick={() => void move(question, index, -1)}
                  >
                    上へ
                  </button>
                  <button
                    type="button"
                    className="button"
                    data-move={`${question.id}:down`}
                    aria-describedby={titleId}
                    disabled={index === questions.length - 1 || moving}
                    onClick={() => void move(question, index, 1)}
                  >
                    下へ
                  </button>
                  <button
                    type="button"
                    className="button"
                    aria-describedby={titleId}
                    onClick={() => setEditing(question.id)}
                  >
                    編集
                  </button>
                  {!locked && (
                    <ConfirmAction
                      triggerLabel="削除"
                      question={`質問「${question.title}」を削除しますか？`}
                      confirmLabel="削除する"
                      busyLabel="削除しています…"
                      failureTitle="質問を削除できませんでした。"
                      onConfirm={() => onDelete(question)}
                    />
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}

import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { DEFAULT_RATING_MAX, type AnswerInput } from '../../../domain/questionnaire';
import {
  isSendingAnswers,
  selectAnswerErrors,
  selectAnswerFailures,
  selectDraft,
} from '../../../machines/questionnaire-answer.selectors';
import { ErrorSummary } from '../form/error-summary';
import '../form/form.css';
import type { Question, Questionnaire } from '../questionnaires/questionnaire-types';
import type { QuestionnaireAnswerRef } from './questionnaire-answer-actor';

/**
 * The open questionnaire's questions as a form, its answers in the questionnaire answer machine,
 * which checks them by the server's rules before sending (a missing required answer is said at
 * once) and shows the server's refusals as it words them.
 */
export function QuestionnaireAnswerForm({
  answer,
  questionnaire,
}: {
  answer: QuestionnaireAnswerRef;
  questionnaire: Questionnaire;
}) {
  const busy = useSelector(answer, isSendingAnswers);
  const errors = useSelector(answer, selectAnswerErrors);
  const failures = useSelector(answer, selectAnswerFailures);
  const draft = useSelector(answer, selectDraft);
  const set = (given: AnswerInput) =>
    answer.send({ type: 'questionnaireAnswer.changed', answer: given });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer.send({ type: 'questionnaireAnswer.submitted' });
  };

  return (
    <form onSubmit={submit} aria-label={`アンケート「${questionnaire.title}」の回答`} noValidate>
      <ErrorSummary messages={errors} focusKey={failures} title="回答を送れませんでした。" />
      {questionnaire.description && <p>{questionnaire.description}</p>}
      <p className="questionnaire-note">
        {questionnaire.anonymous
          ? 'このアンケートは匿名です。回答にお名前は記録されません。'
          : '回答はお名前とともに主催者に届きます。'}
      </p>
      {questionnaire.questions.map((question, index) => (
        <QuestionField
          key={question.id}
          number={index + 1}
          question={question}
          value={draft[question.id]}
          onChange={set}
        />
      ))}
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        {busy ? '送信しています…' : '回答を送信する'}
      </button>
    </form>
  );
}

function QuestionField({
  number,
  question,
  value,
  onChange,
}: {
  number: number;
  question: Question;
  value: AnswerInput | undefined;
  onChange: (answer: AnswerInput) => void;
}) {
  const id = useId();
  const label = (
    <>
      Q{number}. {question.title}
      {question.required && <span className="field-badge">必須</span>}
    </>
  );
  const questionId = question.id;

  if (question.type === 'freeText')
    return (
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={2000}
          required={question.required}
          value={value?.text ?? ''}
          onChange={(e) => onChange({ questionId, text: e.target.value })}
        />
      </div>
    );

  const multiple = question.type === 'multipleChoice';
  const options =
    question.type === 'rating'
      ? Array.from({ length: question.ratingMax ?? DEFAULT_RATING_MAX }, (_, i) => ({
          key: String(i + 1),
          label: String(i + 1),
          checked: value?.rating === i + 1,
          pick: () => onChange({ questionId, rating: i + 1 }),
        }))
      : question.choices.map((choice) => {
          const chosen = value?.choiceIds ?? [];
          const checked = chosen.includes(choice.id);
          return {
            key: choice.id,
            label: choice.label,
            checked,
            pick: () =>
              onChange({
                questionId,
                choiceIds: multiple
                  ? checked
                    ? chosen.filter((c) => c !== choice.id)
                    : [...chosen, choice.id]
                  : [choice.id],
              }),
          };
        });
  return (
    <fieldset className="field questionnaire-question">
      <legend>{label}</legend>
      {question.type === 'rating' && (
        <p className="field-hint">1（低い）〜{options.length}（高い）</p>
      )}
      {options.map((option) => (
        <label key={option.key} className="questionnaire-option">
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={id}
            checked={option.checked}
            onChange={option.pick}
          />{' '}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

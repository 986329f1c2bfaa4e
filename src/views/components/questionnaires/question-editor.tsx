import {
  DEFAULT_RATING_MAX,
  isChoiceType,
  QUESTION_TYPES,
  questionTypeLabels,
  type QuestionType,
} from '../../../domain/questionnaire';
import {
  emptyQuestion,
  questionForm,
  questionnaireLimits,
  type QuestionBody,
} from '../../../domain/forms/questionnaire-forms';
import { useForm, type SubmitOutcome } from '../../hooks/use-form';
import { CheckboxField } from '../form/checkbox-field';
import { FormErrorSummary } from '../form/error-summary';
import { SelectField, TextAreaField, TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import type { Question } from './questionnaire-types';

const labels = {
  type: '質問の形式',
  title: '質問文',
  required: '回答を必須にする',
  choices: '選択肢',
  ratingMax: '評価の段階数',
};

const typeOptions = QUESTION_TYPES.map((type) => ({
  value: type,
  label: questionTypeLabels[type],
}));
const { ratingMin, ratingMax } = questionnaireLimits;
const ratingOptions = Array.from({ length: ratingMax - ratingMin + 1 }, (_, i) => {
  const n = ratingMin + i;
  return { value: String(n), label: `1〜${n}` };
});

function valuesOf(question: Question | undefined) {
  if (!question) return emptyQuestion;
  return {
    type: question.type,
    title: question.title,
    required: question.required ? 'true' : '',
    choices: question.choices.map((choice) => choice.label).join('\n'),
    ratingMax: String(question.ratingMax ?? DEFAULT_RATING_MAX),
  };
}

export type QuestionEditorProps = {
  /** The question being edited; absent for a new one. Its type cannot change (the API keeps it). */
  question?: Question;
  /** Answers exist: choices and the scale are fixed (the API refuses to change them). */
  locked?: boolean;
  onSubmit(body: QuestionBody): Promise<SubmitOutcome>;
  onCancel?: () => void;
};

/** The form of one question: its type, text, whether it is required, and choices or a scale. */
export function QuestionEditor({
  question,
  locked = false,
  onSubmit,
  onCancel,
}: QuestionEditorProps) {
  const form = useForm(questionForm, valuesOf(question));
  const type = form.values.type as QuestionType;
  const editing = question !== undefined;

  const submit = form.handleSubmit(async (body) => {
    const outcome = await onSubmit(body);
    if (!outcome && !editing) form.reset(emptyQuestion);
    return outcome;
  });

  return (
    <form
      className="form question-editor"
      noValidate
      onSubmit={submit}
      aria-label={editing ? `質問「${question.title}」の編集` : '質問の追加'}
    >
      <FormErrorSummary
        form={form}
        labels={labels}
        title={editing ? '質問を保存できませんでした。' : '質問を追加できませんでした。'}
      />
      {editing ? (
        <p>
          {labels.type}：{questionTypeLabels[question.type]}
        </p>
      ) : (
        <SelectField {...form.field('type')} label={labels.type} options={typeOptions} />
      )}
      <TextField
        {...form.field('title')}
        label={labels.title}
        autoComplete="off"
        hint={`${questionnaireLimits.questionTitle}文字以内`}
      />
      <CheckboxField {...form.field('required')} label={labels.required} />
      {locked && (isChoiceType(type) || type === 'rating') && (
        <p className="field-hint">回答が集まっているため、選択肢と評価の段階数は変更できません。</p>
      )}
      {!locked && isChoiceType(type) && (
        <TextAreaField
          {...form.field('choices')}
          label={labels.choices}
          rows={5}
          hint={`1行に1つずつ入力してください（2〜${questionnaireLimits.choices}個、それぞれ${questionnaireLimits.choiceLabel}文字以内）。`}
        />
      )}
      {!locked && type === 'rating' && (
        <SelectField
          {...form.field('ratingMax')}
          label={labels.ratingMax}
          options={ratingOptions}
          hint="回答者は1からこの数までの中で評価します。"
        />
      )}
      <div className="button-row">
        <SubmitButton submitting={form.submitting} busyLabel="保存しています…">
          {editing ? '質問を保存する' : '質問を追加する'}
        </SubmitButton>
        {onCancel && (
          <SubmitButton type="button" variant="secondary" submitting={false} onClick={onCancel}>
            やめる
          </SubmitButton>
        )}
      </div>
    </form>
  );
}

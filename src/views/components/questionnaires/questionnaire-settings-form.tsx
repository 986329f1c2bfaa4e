import {
  questionnaireForm,
  questionnaireLimits,
  type QuestionnaireBody,
} from '../../../domain/forms/questionnaire-forms';
import { useForm, type SubmitOutcome } from '../../hooks/use-form';
import { CheckboxField } from '../form/checkbox-field';
import { FormErrorSummary } from '../form/error-summary';
import { TextAreaField, TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';

const questionnaireLabels = {
  title: 'タイトル',
  description: '説明',
  anonymous: '回答を匿名で集める',
};

export type QuestionnaireSettingsFormProps = {
  initial?: { title: string; description: string; anonymous: boolean };
  /** Answers exist: the API keeps the anonymity setting fixed from then on. */
  anonymousLocked?: boolean;
  submitLabel: string;
  failureTitle: string;
  ariaLabel: string;
  onSubmit(body: QuestionnaireBody): Promise<SubmitOutcome>;
};

/** A questionnaire's title and description, for creating one and for editing it. */
export function QuestionnaireSettingsForm({
  initial = { title: '', description: '', anonymous: false },
  anonymousLocked = false,
  submitLabel,
  failureTitle,
  ariaLabel,
  onSubmit,
}: QuestionnaireSettingsFormProps) {
  const form = useForm(questionnaireForm, {
    ...initial,
    anonymous: initial.anonymous ? 'true' : '',
  });
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label={ariaLabel}>
      <FormErrorSummary form={form} labels={questionnaireLabels} title={failureTitle} />
      <TextField
        {...form.field('title')}
        label={questionnaireLabels.title}
        autoComplete="off"
        hint={`${questionnaireLimits.title}文字以内`}
      />
      <TextAreaField
        {...form.field('description')}
        label={questionnaireLabels.description}
        required={false}
        rows={4}
        hint={`${questionnaireLimits.description}文字以内。回答者に表示されます。`}
      />
      <CheckboxField
        {...form.field('anonymous')}
        label={questionnaireLabels.anonymous}
        disabled={anonymousLocked}
        hint={
          anonymousLocked
            ? '回答が集まっているため変更できません。'
            : '回答者の名前とメールアドレスを記録しません。回答が集まった後は変更できません。'
        }
      />
      <SubmitButton submitting={form.submitting} busyLabel="保存しています…">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

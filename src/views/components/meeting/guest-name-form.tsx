import { useId, useState, type FormEvent } from 'react';
import { ErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';

const MAX = 50;

/**
 * The name a guest is shown by, then "enter". `onEnter` answers the server's messages on failure.
 * The bounds are the contract's (GuestEntryRequest, InstantEnterRequest: 1 to 50 characters).
 */
export function GuestNameForm({
  onEnter,
  initialName = '',
}: {
  onEnter: (name: string) => Promise<string[] | void>;
  /** Filled in for the guest (an event registrant's link knows the name given at registration). */
  initialName?: string;
}) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [fieldErrors, setFieldErrors] = useState<string[] | undefined>();
  const [errors, setErrors] = useState<string[]>([]);
  const [failures, setFailures] = useState(0);
  const [submitting, setSubmitting] = useState(false);

  const check = (value: string) => {
    const trimmed = value.trim();
    if (trimmed === '') return ['お名前を入力してください。'];
    if (trimmed.length > MAX) return [`お名前は${MAX}文字以内で入力してください。`];
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = check(name);
    setFieldErrors(problems);
    setErrors([]);
    if (problems) {
      setFailures((n) => n + 1);
      return;
    }
    setSubmitting(true);
    const failed = await onEnter(name.trim());
    setSubmitting(false);
    if (failed) {
      setErrors(failed);
      setFailures((n) => n + 1);
    }
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="ゲストとして入場"
    >
      <ErrorSummary
        fieldErrors={fieldErrors ? { name: fieldErrors } : {}}
        labels={{ name: 'お名前' }}
        idOf={() => `${id}-name`}
        messages={errors}
        focusKey={failures}
        title="入場できませんでした。"
      />
      <TextField
        id={`${id}-name`}
        name="name"
        value={name}
        onChange={setName}
        onBlur={() => fieldErrors && setFieldErrors(check(name))}
        errors={fieldErrors}
        label="お名前"
        hint={`ほかの参加者に表示されます（${MAX}文字以内）`}
        autoComplete="nickname"
      />
      <SubmitButton submitting={submitting} busyLabel="入場しています…">
        入場する
      </SubmitButton>
    </form>
  );
}

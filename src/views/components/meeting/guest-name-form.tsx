import { useId, useState, type FormEvent } from 'react';
import { ErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';

/** A badge the guest may pick (EnterGuestEditableBadge); the label is what others read. */
type Badge = { id: string; label: string; color: string };

const MAX = 50;

/**
 * The name a guest is shown by, then "enter". `onEnter` answers the server's messages on failure.
 * The bounds are the contract's (GuestEntryRequest, InstantEnterRequest: 1 to 50 characters).
 */
export function GuestNameForm({
  onEnter,
  initialName = '',
  badges = [],
}: {
  onEnter: (name: string, badgeId?: string) => Promise<string[] | void>;
  /** Filled in for the guest (an event registrant's link knows the name given at registration). */
  initialName?: string;
  /** The world's enter-page badges; picking one is optional (docs/product.md §2). */
  badges?: readonly Badge[];
}) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [badgeId, setBadgeId] = useState('');
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
    const failed = await onEnter(name.trim(), badgeId || undefined);
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
      {badges.length > 0 && (
        <fieldset className="field guest-badges">
          <legend>バッジ（任意）</legend>
          <p className="field-hint">お名前の横に表示されます。</p>
          {[{ id: '', label: 'なし', color: '' }, ...badges].map((badge) => (
            <label key={badge.id} className="guest-badge-option">
              <input
                type="radio"
                name={`${id}-badge`}
                value={badge.id}
                checked={badgeId === badge.id}
                onChange={() => setBadgeId(badge.id)}
              />{' '}
              {badge.color && (
                <span
                  className="guest-badge-swatch"
                  style={{ backgroundColor: badge.color }}
                  aria-hidden="true"
                />
              )}
              {badge.label}
            </label>
          ))}
        </fieldset>
      )}
      <SubmitButton submitting={submitting} busyLabel="入場しています…">
        入場する
      </SubmitButton>
    </form>
  );
}

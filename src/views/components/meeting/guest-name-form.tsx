import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  NAME_MAX,
  isEntering,
  selectBadgeId,
  selectBadges,
  selectEntryErrors,
  selectFailures,
  selectName,
  selectNameErrors,
} from '../../../machines/guest-entry.selectors';
import { ErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import type { GuestEntryRef } from './guest-entry';

/**
 * The name a guest is shown by, the badge they may pick (docs/product.md §2), then "enter": the
 * guest entry machine checks the name, enters and answers the server's messages.
 */
export function GuestNameForm({ entry }: { entry: GuestEntryRef }) {
  const id = useId();
  const name = useSelector(entry, selectName);
  const badgeId = useSelector(entry, selectBadgeId);
  const badges = useSelector(entry, selectBadges);
  const nameErrors = useSelector(entry, selectNameErrors);
  const errors = useSelector(entry, selectEntryErrors);
  const failures = useSelector(entry, selectFailures);
  const submitting = useSelector(entry, isEntering);

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        entry.send({ type: 'guestEntry.submitted' });
      }}
      aria-label="ゲストとして入場"
    >
      <ErrorSummary
        fieldErrors={nameErrors ? { name: nameErrors } : {}}
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
        onChange={(value) => entry.send({ type: 'guestEntry.nameChanged', name: value })}
        onBlur={() => entry.send({ type: 'guestEntry.nameLeft' })}
        errors={nameErrors ?? undefined}
        label="お名前"
        hint={`ほかの参加者に表示されます（${NAME_MAX}文字以内）`}
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
                onChange={() => entry.send({ type: 'guestEntry.badgeChosen', badgeId: badge.id })}
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

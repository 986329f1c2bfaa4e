import { useEffect, useId, useRef, useState } from 'react';
import { useAction } from '../hooks/use-action';
import { ErrorSummary } from './form/error-summary';
import './worlds/worlds.css';

export type ConfirmActionProps = {
  /** The button that asks first ("アンケートを削除"). */
  triggerLabel: string;
  /** The question shown before acting ("「…」を削除しますか？"). */
  question: string;
  confirmLabel: string;
  busyLabel: string;
  /** Title of the error summary when the action fails. */
  failureTitle: string;
  /** Runs the action; answers the messages to show when it failed, nothing on success. */
  onConfirm: () => Promise<string[] | void>;
};

/**
 * A destructive action behind a question: the trigger opens it, やめる takes focus (so a habitual
 * Enter does not destroy), and focus returns to the trigger when it closes.
 */
export function ConfirmAction({ triggerLabel, question, confirmLabel, busyLabel, failureTitle, onConfirm }: ConfirmActionProps) {
  const [confirming, setConfirming] = useState(false);
  const { busy, errors, failures, run, clear } = useAction();
  const trigger = useRef<HTMLButtonElement>(null);
  const questionId = useId();

  const close = () => {
    setConfirming(false);
    requestAnimationFrame(() => trigger.current?.focus());
  };

  const confirm = async () => {
    if (!(await run(onConfirm))) setConfirming(false);
  };

  return (
    <div>
      <ErrorSummary messages={errors} focusKey={failures} title={failureTitle} />
      {confirming ? (
        <div role="group" aria-labelledby={questionId}>
          <p id={questionId}>
            <strong>{question}</strong>
          </p>
          <div className="button-row">
            <button type="button" className="button button-danger" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
              {busy ? busyLabel : confirmLabel}
            </button>
            <CancelButton disabled={busy} onCancel={close} />
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button-danger"
          ref={trigger}
          onClick={() => {
            clear();
            setConfirming(true);
          }}
        >
          {triggerLabel}
        </button>
      )}
    </div>
  );
}

function CancelButton({ disabled, onCancel }: { disabled: boolean; onCancel: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <button type="button" className="button" disabled={disabled} onClick={onCancel} ref={ref}>
      やめる
    </button>
  );
}

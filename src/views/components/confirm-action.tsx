import { useState } from 'react';
import { useAction } from '../hooks/use-action';
import { ConfirmDialog } from './confirm-dialog';
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
 * One destructive action behind its own button: the button opens the shared ConfirmDialog, and a
 * failure is shown beside the button once the dialog has closed. Lists that ask about one of many
 * rows use ConfirmDialog directly.
 */
export function ConfirmAction({
  triggerLabel,
  question,
  confirmLabel,
  busyLabel,
  failureTitle,
  onConfirm,
}: ConfirmActionProps) {
  const [confirming, setConfirming] = useState(false);
  const { busy, errors, failures, run, clear } = useAction();

  const confirm = async () => {
    await run(onConfirm);
    setConfirming(false);
  };

  return (
    <div>
      <ErrorSummary messages={errors} focusKey={failures} title={failureTitle} />
      <button
        type="button"
        className="button button-danger"
        onClick={() => {
          clear();
          setConfirming(true);
        }}
      >
        {triggerLabel}
      </button>
      <ConfirmDialog
        open={confirming}
        title={question}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** A page's section for deleting the thing the page is about: what deleting means, then the action. */
export function DangerZone({
  id,
  heading,
  note,
  ...action
}: ConfirmActionProps & { id: string; heading: string; note: string }) {
  return (
    <section className="danger-zone" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <p>{note}</p>
      <ConfirmAction {...action} />
    </section>
  );
}

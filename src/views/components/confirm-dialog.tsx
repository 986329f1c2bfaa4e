import { useEffect, useId, useRef, type ReactNode } from 'react';
import './confirm-dialog.css';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The destructive action's label: "削除する", "取り消す"… */
  confirmLabel: string;
  busyLabel?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal question before something that cannot be undone. やめる has the focus when it opens,
 * so a habitual Enter does not destroy anything; Escape is やめる too. The browser's modal
 * dialog holds the focus inside and hands it back to the opener when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel = '処理しています…',
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal?.();
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="button-row">
        <button
          type="button"
          className="button button-danger"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onConfirm}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onCancel} ref={cancelRef}>
          やめる
        </button>
      </div>
    </dialog>
  );
}

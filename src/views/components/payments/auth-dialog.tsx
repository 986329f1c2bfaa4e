import { useEffect, useId, useRef } from 'react';
import { formatYen } from '../../../domain/price';
import './payments.css';

export type AuthDialogProps = {
  open: boolean;
  total: number;
  cardLabel: string;
  busy: boolean;
  /** Why the dialog opens again (an earlier answer did not arrive), else empty. */
  messages: readonly string[];
  onApprove: () => void;
  onReject: () => void;
};

/**
 * The local provider's stand-in for the card issuer's authentication page (3-D Secure): a modal
 * dialog (focus held inside, Escape counts as 拒否する) with the amount and the card.
 */
export function AuthDialog({
  open,
  total,
  cardLabel,
  busy,
  messages,
  onApprove,
  onReject,
}: AuthDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="auth-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onReject();
      }}
    >
      <h2 id={titleId}>カード会社の認証</h2>
      {messages.length > 0 && (
        <p className="field-errors" role="alert">
          {messages.join(' ')}
        </p>
      )}
      <p>
        カード会社が本人確認を求めています。{cardLabel} で {formatYen(total)}{' '}
        のお支払いを承認しますか？
      </p>
      <p className="estimate-note">
        これはテスト用の認証画面です。実際のカード会社の画面の代わりに表示されます。
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button-primary form-submit"
          disabled={busy}
          onClick={onApprove}
        >
          承認する
        </button>
        <button
          type="button"
          className="button button-secondary form-submit"
          disabled={busy}
          onClick={onReject}
        >
          拒否する
        </button>
      </div>
    </dialog>
  );
}

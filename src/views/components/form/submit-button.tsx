import type { ReactNode } from 'react';
import './form.css';

export type SubmitButtonProps = {
  /** While true: disabled, a spinner and `busyLabel` instead of the label. */
  submitting: boolean;
  children: ReactNode;
  busyLabel?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
  variant?: 'primary' | 'secondary';
};

/** The form's button; it cannot be pressed twice while a request is in flight. */
export function SubmitButton({
  submitting,
  children,
  busyLabel = '送信中…',
  type = 'submit',
  onClick,
  variant = 'primary',
}: SubmitButtonProps) {
  return (
    <button
      className={`button button-${variant} form-submit`}
      type={type}
      onClick={onClick}
      disabled={submitting}
      aria-busy={submitting || undefined}
    >
      {submitting && <span className="spinner" aria-hidden="true" />}
      {submitting ? busyLabel : children}
    </button>
  );
}

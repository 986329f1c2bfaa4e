import { useEffect, useRef, type ReactNode } from 'react';
import './form.css';

export type NoticeProps = {
  title?: string;
  children?: ReactNode;
  tone?: 'success' | 'info';
  /** Move focus here when shown, when it replaces the form the person was in. */
  focusOnMount?: boolean;
};

/** An outcome to read (role="status"): a mail sent, a change saved. */
export function Notice({ title, children, tone = 'success', focusOnMount = false }: NoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <div className={`notice notice-${tone}`} role="status" tabIndex={focusOnMount ? -1 : undefined} ref={ref}>
      {title && <h2 className="notice-title">{title}</h2>}
      {children}
    </div>
  );
}

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
    <div
      className={`notice notice-${tone}`}
      role="status"
      tabIndex={focusOnMount ? -1 : undefined}
      ref={ref}
    >
      {title && <h2 className="notice-title">{title}</h2>}
      {children}
    </div>
  );
}

/**
 * A page that changes in place: the message it was opened with (`flash`, from the page before)
 * until its first change, then what the last change did, read out by screen readers while the
 * page itself does not move.
 */
export function ChangeNotice({ flash, done }: { flash: string | null; done: string }) {
  return (
    <>
      {flash && !done && (
        <Notice>
          <p>{flash}</p>
        </Notice>
      )}
      <p role="status" className={done ? 'notice' : 'visually-hidden'}>
        {done}
      </p>
    </>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import type { FormState } from '../../hooks/use-form';
import './form.css';

export type ErrorSummaryProps = {
  /** Messages per field; each is listed as a link to its field. */
  fieldErrors?: Partial<Record<string, string[]>>;
  /** Labels of the fields, to say which field a message is about. */
  labels?: Partial<Record<string, string>>;
  /** The id of a field's control (useForm's idOf). */
  idOf?: (field: string) => string;
  /** Messages about no one field, the server's above all. */
  messages?: readonly string[];
  /** Focus moves here whenever this number changes to a value above 0 (a failed submit). */
  focusKey: number;
  title?: string;
  /** More help under the list, e.g. a link to the resend form. */
  children?: ReactNode;
};

/** The form's errors in one place, announced (role="alert") and focused after a failed submit. */
export function ErrorSummary({
  fieldErrors = {},
  labels = {},
  idOf,
  messages = [],
  focusKey,
  title = '入力内容を確認してください。',
  children,
}: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const fieldItems = Object.entries(fieldErrors).flatMap(([field, list]) =>
    (list ?? []).map((message) => ({ field, message })),
  );
  const hasErrors = fieldItems.length > 0 || messages.length > 0;

  useEffect(() => {
    if (focusKey > 0) ref.current?.focus();
  }, [focusKey]);

  if (!hasErrors) return null;

  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref}>
      <h2 className="error-summary-title">{title}</h2>
      <ul>
        {messages.map((message) => (
          <li key={`form:${message}`}>{message}</li>
        ))}
        {fieldItems.map(({ field, message }) => {
          const label = labels[field];
          const text = label ? `${label}：${message}` : message;
          const id = idOf?.(field);
          return (
            <li key={`${field}:${message}`}>
              {id ? (
                <a
                  href={`#${id}`}
                  onClick={(event) => {
                    // Focus the control itself; a plain hash link would also go through the router.
                    event.preventDefault();
                    document.getElementById(id)?.focus();
                  }}
                >
                  {text}
                </a>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
      {children}
    </div>
  );
}

type FormErrors = Pick<
  FormState<string, unknown>,
  'summaryErrors' | 'formErrors' | 'failures' | 'idOf'
>;

/** The ErrorSummary of a useForm form: its field and form errors, focused after each failed submit. */
export function FormErrorSummary({
  form,
  ...shown
}: { form: FormErrors } & Pick<ErrorSummaryProps, 'labels' | 'title' | 'children'>) {
  return (
    <ErrorSummary
      fieldErrors={form.summaryErrors}
      idOf={form.idOf}
      messages={form.formErrors}
      focusKey={form.failures}
      {...shown}
    />
  );
}

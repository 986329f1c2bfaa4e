import type { ReactNode } from 'react';
import type { FieldBinding } from '../../hooks/use-form';
import './form.css';

type ControlAria = {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

type FieldShellProps = Pick<FieldBinding, 'id' | 'name' | 'errors'> & {
  label: string;
  /** Shown under the label and read with the control (format, bounds). */
  hint?: ReactNode;
  /** Default true; an optional field is marked "任意". */
  required?: boolean;
  children: (aria: ControlAria) => ReactNode;
};

/** Label, hint, control and messages, tied together by id so a screen reader reads them all. */
function FieldShell({ id, name, label, hint, required = true, errors, children }: FieldShellProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
        <span className="field-badge" aria-hidden="true">
          {required ? '必須' : '任意'}
        </span>
      </label>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {children({
        id,
        name,
        'aria-invalid': errorId ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required ? true : undefined,
      })}
      {errorId && (
        <ul className="field-errors" id={errorId}>
          {errors?.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

type CommonProps = FieldBinding & { label: string; hint?: ReactNode; required?: boolean };

export type TextFieldProps = CommonProps & {
  type?: 'text' | 'email' | 'password' | 'datetime-local' | 'number';
  /** "email", "current-password", "new-password", "name", "username"… */
  autoComplete: string;
};

/** A one-line input. Email fields get the e-mail keyboard and no capitalisation or spell check. */
export function TextField({
  type = 'text',
  autoComplete,
  value,
  onChange,
  onBlur,
  ...shell
}: TextFieldProps) {
  const isEmail = type === 'email';
  return (
    <FieldShell {...shell}>
      {(aria) => (
        <input
          {...aria}
          className="field-control"
          type={type}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          inputMode={isEmail ? 'email' : type === 'number' ? 'numeric' : undefined}
          autoCapitalize={isEmail || type === 'password' ? 'none' : undefined}
          autoCorrect={isEmail || type === 'password' ? 'off' : undefined}
          spellCheck={isEmail || type === 'password' ? false : undefined}
        />
      )}
    </FieldShell>
  );
}

/** A multi-line input. */
export function TextAreaField({
  value,
  onChange,
  onBlur,
  rows = 8,
  ...shell
}: CommonProps & { rows?: number }) {
  return (
    <FieldShell {...shell}>
      {(aria) => (
        <textarea
          {...aria}
          className="field-control"
          rows={rows}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FieldShell>
  );
}

export type SelectOption = { value: string; label: string };

/** A native select (the phone's own picker). `placeholder` adds an empty first choice. */
export function SelectField({
  value,
  onChange,
  onBlur,
  options,
  placeholder,
  ...shell
}: CommonProps & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <FieldShell {...shell}>
      {(aria) => (
        <select
          {...aria}
          className="field-control"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

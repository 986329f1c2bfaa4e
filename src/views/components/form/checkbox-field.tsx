import type { ReactNode } from 'react';
import type { FieldBinding } from '../../hooks/use-form';
import './form.css';
import './checkbox-field.css';

/**
 * A checkbox kept in a useForm string field: 'true' when ticked, '' when not (the domain
 * schemas read it so). The label wraps the box, so the whole line is the touch target.
 */
export function CheckboxField({
  id,
  name,
  value,
  onChange,
  onBlur,
  label,
  hint,
  disabled,
}: FieldBinding & { label: string; hint?: ReactNode; disabled?: boolean }) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label className="field-checkbox" htmlFor={id}>
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={value === 'true'}
          onChange={(event) => onChange(event.target.checked ? 'true' : '')}
          onBlur={onBlur}
          disabled={disabled}
          aria-describedby={hintId}
        />
        {label}
      </label>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

import { useState } from 'react';

export interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** A whole number typed; sent when the field is left or Enter is pressed (a snap would fight typing). */
  onCommit: (value: number) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** A number input that keeps what is typed until it is committed, then shows the value again. */
export function NumberField({ label, value, min, max, step, onCommit, ...aria }: NumberFieldProps) {
  const [typed, setTyped] = useState(String(value));
  // A new value from outside (a drag, undo) replaces what was typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setTyped(String(value));
  }
  const commit = () => {
    const n = Number(typed);
    if (typed.trim() !== '' && Number.isFinite(n) && n !== value) onCommit(Math.round(n));
    else setTyped(String(value));
  };
  return (
    <label className="editor-number-field">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={typed}
        aria-invalid={aria.invalid || undefined}
        aria-describedby={aria.describedBy}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
    </label>
  );
}

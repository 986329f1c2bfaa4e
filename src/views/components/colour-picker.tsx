import { type ChangeEvent, useId, useState } from 'react';
import {
  acceptHex,
  DEFAULT_PALETTE,
  HUE_MAX,
  HUE_MIN,
  hueOf,
  isValidHex,
  normalizeHex,
  withHue,
} from '../../domain/colour';
import './colour-picker.css';

export interface ColourPickerProps {
  /** The label of the whole control ("テーマカラー"). */
  label: string;
  /** The current colour, a valid hex. */
  value: string;
  onChange: (hex: string) => void;
  palette?: readonly string[];
}

/**
 * A colour picker: palette swatches, a hue slider (0 to 360) and a hex field that only takes
 * a valid hex. What is typed is kept while editing; leaving the field with an invalid or empty
 * value puts the current colour back.
 */
export function ColourPicker({
  label,
  value,
  onChange,
  palette = DEFAULT_PALETTE,
}: ColourPickerProps) {
  const id = useId();
  const current = isValidHex(value) ? normalizeHex(value) : '#000000';
  const [typed, setTyped] = useState(current);
  const [hue, setHue] = useState(() => hueOf(current));

  // A new value from outside (a swatch, the slider, the parent) replaces what was typed.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setTyped(current);
  }

  const choose = (hex: string) => {
    const next = normalizeHex(hex);
    setHue(hueOf(next));
    onChange(next);
  };

  const onHexChange = (event: ChangeEvent<HTMLInputElement>) => {
    setTyped(event.target.value);
    const next = acceptHex(event.target.value, current);
    if (next !== current) choose(next);
  };

  const onHue = (event: ChangeEvent<HTMLInputElement>) => {
    const next = Number(event.target.value);
    setHue(next);
    onChange(withHue(current, next));
  };

  const invalid = typed.trim() !== '' && !isValidHex(typed.trim());

  return (
    <fieldset className="colour-picker">
      <legend>{label}</legend>
      <div className="colour-picker-preview" style={{ background: current }} aria-hidden="true" />
      <ul className="colour-picker-swatches" aria-label="パレット">
        {palette.map((swatch) => {
          const hex = normalizeHex(swatch);
          return (
            <li key={hex}>
              <button
                type="button"
                className="colour-picker-swatch"
                style={{ background: hex }}
                aria-label={hex}
                aria-pressed={hex === current}
                onClick={() => choose(hex)}
              />
            </li>
          );
        })}
      </ul>
      <label className="colour-picker-field" htmlFor={`${id}-hue`}>
        色相
        <input
          id={`${id}-hue`}
          type="range"
          min={HUE_MIN}
          max={HUE_MAX}
          step={1}
          value={hue}
          onChange={onHue}
          aria-valuetext={`${hue}度`}
        />
      </label>
      <label className="colour-picker-field" htmlFor={`${id}-hex`}>
        カラーコード
        <input
          id={`${id}-hex`}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          value={typed}
          onChange={onHexChange}
          onBlur={() => setTyped(current)}
          aria-invalid={invalid}
          aria-describedby={`${id}-hex-hint`}
        />
      </label>
      <p id={`${id}-hex-hint`} className="colour-picker-hint">
        {invalid ? '#から始まる3桁または6桁の16進数で入力してください。' : '例：#1a73e8'}
      </p>
    </fieldset>
  );
}

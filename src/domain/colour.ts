// Colour values for the colour picker (docs/product.md §2 and §5): hex validation, hue and palettes.

/** The swatches a colour picker offers before anything is typed. */
export const DEFAULT_PALETTE: readonly string[] = [
  '#000000',
  '#ffffff',
  '#d32f2f',
  '#f57c00',
  '#fbc02d',
  '#388e3c',
  '#0097a7',
  '#1976d2',
  '#303f9f',
  '#7b1fa2',
  '#c2185b',
  '#795548',
];

export const HUE_MIN = 0;
export const HUE_MAX = 360;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** "#abc" or "#aabbcc", case-insensitive, nothing around it. */
export function isValidHex(value: string): boolean {
  return HEX.test(value);
}

/** The canonical form: lower case, six digits ("#ABC" → "#aabbcc"). Throws on an invalid hex. */
export function normalizeHex(value: string): string {
  if (!isValidHex(value)) throw new Error(`Not a hex colour: ${value}`);
  const digits = value.slice(1).toLowerCase();
  if (digits.length === 6) return `#${digits}`;
  return `#${[...digits].map((d) => d + d).join('')}`;
}

/** What a typed hex makes of the current colour: the typed one if valid, otherwise the current. */
export function acceptHex(typed: string, current: string): string {
  const trimmed = typed.trim();
  return isValidHex(trimmed) ? normalizeHex(trimmed) : current;
}

/** Any other colour input: an empty (or blank) field falls back to the current value. */
export function orCurrent(typed: string, current: string): string {
  return typed.trim() === '' ? current : typed;
}

type Hsl = { h: number; s: number; l: number };

function hexToHsl(hex: string): Hsl {
  const n = normalizeHex(hex);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(n.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h *= 60;
  if (h < 0) h += 360;
  return { h, s, l };
}

function hslToHex({ h, s, l }: Hsl): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const hp = (((h % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r1, g1, b1] =
    hp < 1
      ? [c, x, 0]
      : hp < 2
        ? [x, c, 0]
        : hp < 3
          ? [0, c, x]
          : hp < 4
            ? [0, x, c]
            : hp < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = l - c / 2;
  const hex = (v: number) =>
    Math.round((v + m) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r1)}${hex(g1)}${hex(b1)}`;
}

/** Clamps a hue into 0..360. */
export function clampHue(hue: number): number {
  if (Number.isNaN(hue)) return HUE_MIN;
  return Math.min(HUE_MAX, Math.max(HUE_MIN, hue));
}

/** The hue of a colour, rounded to a whole degree. */
export function hueOf(hex: string): number {
  return Math.round(hexToHsl(hex).h);
}

/**
 * The colour with its hue replaced. A grey has no hue to turn, so it becomes the full-strength
 * colour of that hue: otherwise the slider would appear to do nothing.
 */
export function withHue(hex: string, hue: number): string {
  const { s, l } = hexToHsl(hex);
  const h = clampHue(hue);
  if (s === 0) return hslToHex({ h, s: 1, l: 0.5 });
  return hslToHex({ h, s, l });
}

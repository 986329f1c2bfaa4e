// The camera's virtual background (docs/product.md §4, ADR 024): none, a blur of the visitor's
// own room, or one of the images of GET /api/virtual_backgrounds behind them.

export type BackgroundChoice =
  | { kind: 'none' }
  | { kind: 'blur' }
  | { kind: 'image'; id: string; name: string; imageUrl: string };

/** A background that is drawn (not none). */
export type VisibleBackground = Exclude<BackgroundChoice, { kind: 'none' }>;

export const NO_BACKGROUND: BackgroundChoice = { kind: 'none' };

/** The value of the picker's radio for a choice: "none", "blur" or the image's id. */
export function backgroundKey(choice: BackgroundChoice): string {
  return choice.kind === 'image' ? choice.id : choice.kind;
}

/** A remembered choice read back from storage, or none when it is not one. */
export function parseBackgroundChoice(value: unknown): BackgroundChoice {
  if (typeof value !== 'object' || value === null) return NO_BACKGROUND;
  const v = value as Record<string, unknown>;
  if (v.kind === 'blur') return { kind: 'blur' };
  if (
    v.kind === 'image' &&
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.imageUrl === 'string'
  )
    return { kind: 'image', id: v.id, name: v.name, imageUrl: v.imageUrl };
  return NO_BACKGROUND;
}

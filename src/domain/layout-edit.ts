// Edits of the layout editor as pure functions on a draft (docs/decisions/015-world-space.md).
import {
  GRID,
  LAYOUT_HEIGHT,
  LAYOUT_WIDTH,
  type PlacedSpace,
  overlaps,
  placedSpace,
  snap,
  spaceKindLabels,
} from './layout';

/** A space in the editor: `key` names it on the page, `id` is the server's (absent when new). */
export type DraftSpace = PlacedSpace & { key: string; id?: string };
export type LayoutDraft = {
  name: string;
  baseSpaceId: string | null;
  backgroundColor: string;
  backgroundImageUrl: string | null;
  spaces: DraftSpace[];
};

export type LayoutEdit =
  | { kind: 'add'; spaceKind: 'stage' | 'table' }
  | { kind: 'move'; keys: string[]; dx: number; dy: number }
  /** The space's new box: a corner dragged on the canvas moves the opposite sides' neighbours. */
  | { kind: 'resize'; key: string; x: number; y: number; width: number; height: number }
  | { kind: 'rename'; key: string; name: string }
  | { kind: 'capacity'; key: string; capacity: number }
  | { kind: 'duplicate'; keys: string[] }
  /** Copies of spaces copied earlier (from this draft or another), a grid step away. */
  | { kind: 'paste'; spaces: PlacedSpace[] }
  | { kind: 'remove'; keys: string[] }
  | {
      kind: 'background';
      baseSpaceId: string | null;
      backgroundColor: string;
      backgroundImageUrl: string | null;
    };

const NEW_SIZE = { width: 160, height: 160 };

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);

/** Snapped and kept on the grid: an edit never places a space outside the layout. */
function place(s: DraftSpace, x: number, y: number): DraftSpace {
  return {
    ...s,
    x: clamp(snap(x), 0, LAYOUT_WIDTH - s.width),
    y: clamp(snap(y), 0, LAYOUT_HEIGHT - s.height),
  };
}

/** The first place, right to left and top to bottom, where the space overlaps nothing. */
function freeSpot(spaces: DraftSpace[], space: DraftSpace): DraftSpace {
  for (let y = 0; y + space.height <= LAYOUT_HEIGHT; y += GRID)
    for (let x = LAYOUT_WIDTH - space.width; x >= 0; x -= GRID) {
      const at = { ...space, x, y };
      if (!spaces.some((s) => overlaps(s, at))) return at;
    }
  return place(space, LAYOUT_WIDTH - space.width, 0);
}

/** A key unique in the draft, the same for the same draft (saved spaces use their id as key). */
function newKeys(spaces: DraftSpace[], count: number): string[] {
  const used = spaces.map((s) => Number(/^new-(\d+)$/.exec(s.key)?.[1] ?? 0));
  const next = Math.max(0, ...used) + 1;
  return Array.from({ length: count }, (_, i) => `new-${next + i}`);
}

function nextName(spaces: DraftSpace[], kind: 'stage' | 'table') {
  const label = spaceKindLabels[kind];
  let n = spaces.filter((s) => s.kind === kind).length + 1;
  while (spaces.some((s) => s.name === `${label}${n}`)) n += 1;
  return `${label}${n}`;
}

/**
 * Copies of the spaces, named 「…のコピー」, a grid step down and right or, where that overlaps,
 * at the first free spot; never of the hall.
 */
function withCopies(draft: LayoutDraft, originals: readonly PlacedSpace[]): LayoutDraft {
  const copied = originals.filter((s) => s.kind !== 'hall');
  const keys = newKeys(draft.spaces, copied.length);
  const spaces = [...draft.spaces];
  copied.forEach((s, i) => {
    const copy = { ...placedSpace(s), key: keys[i]!, name: `${s.name}のコピー` };
    const near = place(copy, s.x + GRID, s.y + GRID);
    spaces.push(spaces.some((o) => overlaps(o, near)) ? freeSpot(spaces, near) : near);
  });
  return { ...draft, spaces };
}

/** The keys an edit added to the draft (the copies of a duplicate or a paste, a new space). */
export function addedKeys(before: LayoutDraft, after: LayoutDraft): string[] {
  const old = new Set(before.spaces.map((s) => s.key));
  return after.spaces.filter((s) => !old.has(s.key)).map((s) => s.key);
}

/** The draft after one edit. The hall cannot be duplicated or removed (it is the main space). */
export type Box = Pick<PlacedSpace, 'x' | 'y' | 'width' | 'height'>;
/** A corner of a space's box: north-west, north-east, south-west, south-east. */
export type Corner = 'nw' | 'ne' | 'sw' | 'se';
export const corners: readonly Corner[] = ['nw', 'ne', 'sw', 'se'];

/**
 * The box after its corner is dragged by (dx, dy) grid units: the opposite corner stays where it
 * is, the box stays on the layout and at least one grid step wide and high.
 */
export function resizeFrom(corner: Corner, box: Box, dx: number, dy: number): Box {
  const right = box.x + box.width;
  const bottom = box.y + box.height;
  const x = corner[1] === 'w' ? clamp(box.x + dx, 0, right - GRID) : box.x;
  const y = corner[0] === 'n' ? clamp(box.y + dy, 0, bottom - GRID) : box.y;
  const width = corner[1] === 'w' ? right - x : clamp(box.width + dx, GRID, LAYOUT_WIDTH - box.x);
  const height =
    corner[0] === 'n' ? bottom - y : clamp(box.height + dy, GRID, LAYOUT_HEIGHT - box.y);
  return { x, y, width, height };
}

export function applyEdit(draft: LayoutDraft, edit: LayoutEdit): LayoutDraft {
  const spaces = draft.spaces;
  const update = (keys: string[], f: (s: DraftSpace) => DraftSpace) => ({
    ...draft,
    spaces: spaces.map((s) => (keys.includes(s.key) ? f(s) : s)),
  });
  switch (edit.kind) {
    case 'add': {
      const space: DraftSpace = {
        key: newKeys(spaces, 1)[0]!,
        name: nextName(spaces, edit.spaceKind),
        kind: edit.spaceKind,
        x: 0,
        y: 0,
        ...NEW_SIZE,
        capacity: edit.spaceKind === 'table' ? 6 : 5,
      };
      return { ...draft, spaces: [...spaces, freeSpot(spaces, space)] };
    }
    case 'move':
      return update(edit.keys, (s) => place(s, s.x + edit.dx, s.y + edit.dy));
    case 'resize':
      return update([edit.key], (s) => {
        const x = clamp(snap(edit.x), 0, LAYOUT_WIDTH - GRID);
        const y = clamp(snap(edit.y), 0, LAYOUT_HEIGHT - GRID);
        const width = clamp(snap(edit.width), GRID, LAYOUT_WIDTH - x);
        const height = clamp(snap(edit.height), GRID, LAYOUT_HEIGHT - y);
        return { ...s, x, y, width, height };
      });
    case 'rename':
      return update([edit.key], (s) => ({ ...s, name: edit.name }));
    case 'capacity':
      return update([edit.key], (s) => ({ ...s, capacity: edit.capacity }));
    case 'duplicate':
      return withCopies(
        draft,
        spaces.filter((s) => edit.keys.includes(s.key)),
      );
    case 'paste':
      return withCopies(draft, edit.spaces);
    case 'remove':
      return {
        ...draft,
        spaces: spaces.filter((s) => s.kind === 'hall' || !edit.keys.includes(s.key)),
      };
    case 'background':
      return {
        ...draft,
        baseSpaceId: edit.baseSpaceId,
        backgroundColor: edit.backgroundColor,
        backgroundImageUrl: edit.backgroundImageUrl,
      };
  }
}

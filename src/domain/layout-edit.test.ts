import { describe, expect, it } from 'vitest';
import { addedKeys, applyEdit, type LayoutDraft, resizeFrom } from './layout-edit';
import { layoutProblems } from './layout';

const draft: LayoutDraft = {
  name: 'レイアウト',
  baseSpaceId: null,
  backgroundColor: '#FFFFFF',
  backgroundImageUrl: null,
  spaces: [
    {
      key: 'h',
      id: 'h',
      name: 'ホール',
      kind: 'hall',
      x: 0,
      y: 0,
      width: 600,
      height: 800,
      capacity: 100,
    },
    {
      key: 't',
      id: 't',
      name: 'A',
      kind: 'table',
      x: 600,
      y: 0,
      width: 200,
      height: 200,
      capacity: 6,
    },
  ],
};

describe('layout edits', () => {
  it('snaps moves to the grid and keeps spaces on the layout', () => {
    const moved = applyEdit(draft, { kind: 'move', keys: ['t'], dx: 13, dy: 9 });
    expect(moved.spaces[1]).toMatchObject({ x: 620, y: 0 });
    const far = applyEdit(draft, { kind: 'move', keys: ['t'], dx: 5000, dy: 5000 });
    expect(far.spaces[1]).toMatchObject({ x: 1000, y: 600 });
  });

  it('adds tables with the next free name, inside the layout and without overlap', () => {
    const added = applyEdit(applyEdit(draft, { kind: 'add', spaceKind: 'table' }), {
      kind: 'add',
      spaceKind: 'table',
    });
    expect(added.spaces.slice(2).map((s) => [s.key, s.name, s.id])).toEqual([
      ['new-1', 'テーブル2', undefined],
      ['new-2', 'テーブル3', undefined],
    ]);
    expect(layoutProblems(added.spaces)).toEqual([]);
  });

  it('duplicates and removes tables but never the hall', () => {
    const copied = applyEdit(draft, { kind: 'duplicate', keys: ['h', 't'] });
    expect(copied.spaces.map((s) => s.name)).toEqual(['ホール', 'A', 'Aのコピー']);
    // A step away would overlap the original: the copy goes to the first free spot instead.
    expect(copied.spaces[2]).toMatchObject({ x: 1000, y: 0, key: 'new-1' });
    expect(copied.spaces[2]).not.toHaveProperty('id');
    expect(layoutProblems(copied.spaces)).toEqual([]);
    expect(addedKeys(draft, copied)).toEqual(['new-1']);
    const removed = applyEdit(copied, { kind: 'remove', keys: ['h', 't', 'new-1'] });
    expect(removed.spaces.map((s) => s.name)).toEqual(['ホール']);
  });

  it('pastes copies a grid step away when that spot is free, never a hall', () => {
    const small = { ...draft.spaces[1]!, width: 100, height: 100 };
    const pasted = applyEdit(
      { ...draft, spaces: [draft.spaces[0]!, small] },
      {
        kind: 'paste',
        spaces: [
          { ...draft.spaces[0]!, x: 0 },
          { ...small, x: 900, y: 300 },
        ],
      },
    );
    expect(pasted.spaces.slice(2)).toEqual([
      expect.objectContaining({ key: 'new-1', name: 'Aのコピー', x: 920, y: 320 }),
    ]);
  });

  it('sets the background: a built-in, or a colour and an image of ones own', () => {
    const edit = {
      kind: 'background',
      baseSpaceId: null,
      backgroundColor: '#112233',
      backgroundImageUrl: 'http://x.test/files/a.png',
    } as const;
    expect(applyEdit(draft, edit)).toMatchObject({
      backgroundColor: '#112233',
      backgroundImageUrl: 'http://x.test/files/a.png',
    });
  });

  it('resizes from any corner: the opposite corner stays, the box stays on the layout', () => {
    const box = { x: 600, y: 100, width: 200, height: 200 };
    // Bottom-right: the top-left corner stays.
    expect(resizeFrom('se', box, 40, -20)).toEqual({ x: 600, y: 100, width: 240, height: 180 });
    // Top-left: the bottom-right corner (800, 300) stays.
    expect(resizeFrom('nw', box, -40, 60)).toEqual({ x: 560, y: 160, width: 240, height: 140 });
    expect(resizeFrom('ne', box, 20, -40)).toEqual({ x: 600, y: 60, width: 220, height: 240 });
    expect(resizeFrom('sw', box, 100, 20)).toEqual({ x: 700, y: 100, width: 100, height: 220 });
    // Never smaller than a grid step, never off the layout.
    expect(resizeFrom('nw', box, 500, 500)).toEqual({ x: 780, y: 280, width: 20, height: 20 });
    expect(resizeFrom('nw', box, -900, -900)).toEqual({ x: 0, y: 0, width: 800, height: 300 });
    expect(resizeFrom('se', box, 900, 900)).toEqual({ x: 600, y: 100, width: 600, height: 700 });
  });

  it('a resize edit sets the whole box, snapped and on the layout', () => {
    const resized = applyEdit(draft, {
      kind: 'resize',
      key: 't',
      x: 583,
      y: 41,
      width: 217,
      height: 9000,
    });
    expect(resized.spaces[1]).toMatchObject({ x: 580, y: 40, width: 220, height: 760 });
  });
});

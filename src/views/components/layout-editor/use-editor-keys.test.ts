import { describe, expect, it } from 'vitest';
import { editorKeyAction } from './use-editor-keys';

const press = (key: string, mods: Partial<KeyboardEvent> = {}) =>
  editorKeyAction({
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  } as KeyboardEvent);

describe('layout editor shortcuts', () => {
  it('undoes with Ctrl or ⌘ Z and redoes with Shift as well, or Ctrl+Y', () => {
    expect(press('z', { ctrlKey: true })).toBe('undo');
    expect(press('z', { metaKey: true })).toBe('undo');
    expect(press('Z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(press('y', { ctrlKey: true })).toBe('redo');
  });

  it('duplicates, copies, pastes and selects all with the modifier only', () => {
    expect(['d', 'c', 'v', 'a'].map((k) => press(k, { ctrlKey: true }))).toEqual([
      'duplicate',
      'copy',
      'paste',
      'selectAll',
    ]);
    expect(press('d')).toBeNull();
  });

  it('removes with Delete or Backspace, moves a grid step with the arrows and five with Shift', () => {
    expect([press('Delete'), press('Backspace'), press('Escape')]).toEqual([
      'remove',
      'remove',
      'deselect',
    ]);
    expect(press('ArrowLeft')).toEqual({ move: [-20, 0] });
    expect(press('ArrowDown', { shiftKey: true })).toEqual({ move: [0, 100] });
    expect(press('ArrowUp', { altKey: true })).toBeNull();
  });
});

import { useEffect } from 'react';
import { GRID } from '../../../domain/layout';

export type EditorCommand =
  'undo' | 'redo' | 'duplicate' | 'copy' | 'paste' | 'remove' | 'selectAll' | 'deselect';

export type EditorKeyAction = EditorCommand | { move: [number, number] };

const arrows: Record<string, [number, number]> = {
  ArrowLeft: [-GRID, 0],
  ArrowRight: [GRID, 0],
  ArrowUp: [0, -GRID],
  ArrowDown: [0, GRID],
};

/** The editor's shortcut for a key press, if it is one (Ctrl on Windows and Linux, ⌘ on a Mac). */
export function editorKeyAction(event: KeyboardEvent): EditorKeyAction | null {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (mod && key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (mod && key === 'y') return 'redo';
  if (mod && key === 'd') return 'duplicate';
  if (mod && key === 'c') return 'copy';
  if (mod && key === 'v') return 'paste';
  if (mod && key === 'a') return 'selectAll';
  if (mod || event.altKey) return null;
  if (event.key === 'Delete' || event.key === 'Backspace') return 'remove';
  if (event.key === 'Escape') return 'deselect';
  const step = arrows[event.key];
  if (step) return { move: event.shiftKey ? [step[0] * 5, step[1] * 5] : step };
  return null;
}

/** Fields and dialogs keep their own keys (typing, Escape closing a dialog). */
function ownsKeys(target: EventTarget | null) {
  return (
    target instanceof Element &&
    target.closest('input, textarea, select, [contenteditable="true"], dialog') !== null
  );
}

/** Shortcuts anywhere on the page except in fields: `run` answers whether it acted. */
export function useEditorKeys(run: (action: EditorKeyAction) => boolean) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || ownsKeys(event.target)) return;
      const action = editorKeyAction(event);
      if (action && run(action)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [run]);
}

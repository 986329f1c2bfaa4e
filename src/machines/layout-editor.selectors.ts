// What the layout editor's page reads from the machine's snapshot.
import type { LayoutEditorSnapshot } from './layout-editor.machine';

export { isDirty as selectDirty } from './layout-editor.machine';

export const selectDraft = (s: LayoutEditorSnapshot) => s.context.draft;
export const selectSelection = (s: LayoutEditorSnapshot) => s.context.selection;
export const selectMessages = (s: LayoutEditorSnapshot) => s.context.messages;
export const selectNotice = (s: LayoutEditorSnapshot) => s.context.notice;
export const selectVersion = (s: LayoutEditorSnapshot) => s.context.saved?.version ?? null;

/** The part of the page the flow is in. */
export const selectPhase = (s: LayoutEditorSnapshot) =>
  s.matches('loading')
    ? 'loading'
    : s.matches('loadFailed')
      ? 'loadFailed'
      : s.matches('conflict')
        ? 'conflict'
        : s.matches('editing')
          ? 'editing'
          : 'busy';

/** What the toolbar and the keys may do now (the machine's guards decide). */
export const selectAbilities = (s: LayoutEditorSnapshot) => ({
  undo: s.can({ type: 'editor.undo' }),
  redo: s.can({ type: 'editor.redo' }),
  copy: s.can({ type: 'editor.copy' }),
  paste: s.can({ type: 'editor.paste' }),
  save: s.can({ type: 'editor.save' }),
  savePreset: s.can({ type: 'editor.savePreset', name: '' }),
  applyPreset: s.can({ type: 'editor.applyPreset', presetId: '' }),
});
export type LayoutEditorAbilities = ReturnType<typeof selectAbilities>;

/** For useSelector: the same abilities do not re-render. */
export const sameAbilities = (a: LayoutEditorAbilities, b: LayoutEditorAbilities) =>
  (Object.keys(a) as (keyof LayoutEditorAbilities)[]).every((k) => a[k] === b[k]);

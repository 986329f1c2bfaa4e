import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { layoutProblems, placedSpace } from '../domain/layout';
import { applyEdit, type LayoutDraft, type LayoutEdit } from '../domain/layout-edit';
import type { components } from '../services/api/schema';

// The layout editor (docs/decisions/015-world-space.md): edits are pure functions on a draft
// (domain/layout-edit.ts) with undo/redo as context; saving names the version the edit started
// from, and a 409 (someone saved first) leads to a conflict the owner resolves by reloading,
// never by overwriting. Applying a preset is a save on the server, with the same check.

export type ServerLayout = components['schemas']['Layout'];

/** How a save or a preset failed: 409 is a conflict; the messages are the server's, in Japanese. */
export type LayoutSaveError = { status: number; messages: string[] };

export type LayoutEditorEvent =
  | { type: 'editor.edit'; edit: LayoutEdit }
  | { type: 'editor.select'; keys: string[] }
  | { type: 'editor.undo' }
  | { type: 'editor.redo' }
  | { type: 'editor.save' }
  | { type: 'editor.applyPreset'; presetId: string }
  | { type: 'editor.reload' }
  | { type: 'editor.keepEditing' }
  | { type: 'editor.retry' };

export interface LayoutEditorContext {
  worldId: string;
  /** The layout as the server last answered it: its version is what a save names. */
  saved: ServerLayout | null;
  draft: LayoutDraft;
  past: LayoutDraft[];
  future: LayoutDraft[];
  selection: string[];
  /** Why the last save, preset or load failed. */
  messages: string[];
}

/** Undo keeps this many steps. */
export const HISTORY_LIMIT = 100;
const failedToLoad =
  'レイアウトを読み込めませんでした。通信環境を確認して、もう一度お試しください。';

/** The error of an xstate.error.actor event, when the service threw a LayoutSaveError. */
function errorOf(event: { type: string }): LayoutSaveError | undefined {
  const error = (event as { error?: Partial<LayoutSaveError> }).error;
  return error && typeof error.status === 'number' && Array.isArray(error.messages)
    ? (error as LayoutSaveError)
    : undefined;
}

export function draftOf(layout: ServerLayout): LayoutDraft {
  return {
    name: layout.name,
    baseSpaceId: layout.baseSpaceId,
    backgroundColor: layout.backgroundColor,
    backgroundImageUrl: layout.backgroundImageUrl,
    spaces: layout.spaces.map((s) => ({ ...placedSpace(s), id: s.id, key: s.id })),
  };
}

const emptyDraft: LayoutDraft = {
  name: '',
  baseSpaceId: null,
  backgroundColor: '#FFFFFF',
  backgroundImageUrl: null,
  spaces: [],
};

const loaded = (layout: ServerLayout) => ({
  saved: layout,
  draft: draftOf(layout),
  past: [],
  future: [],
  selection: [],
  messages: [],
});

export const layoutEditorMachine = setup({
  types: {
    context: {} as LayoutEditorContext,
    events: {} as LayoutEditorEvent,
    input: {} as { worldId: string },
  },
  actors: {
    loadLayout: fromPromise<ServerLayout, { worldId: string }>(async () => {
      throw new Error('loadLayout not provided');
    }),
    saveLayout: fromPromise<ServerLayout, { worldId: string; version: number; draft: LayoutDraft }>(
      async () => {
        throw new Error('saveLayout not provided');
      },
    ),
    applyPreset: fromPromise<ServerLayout, { worldId: string; version: number; presetId: string }>(
      async () => {
        throw new Error('applyPreset not provided');
      },
    ),
  },
  guards: {
    canUndo: ({ context }) => context.past.length > 0,
    canRedo: ({ context }) => context.future.length > 0,
    /** The domain's rules hold (the server checks them again): saving a broken layout is not offered. */
    isValid: ({ context }) => layoutProblems(context.draft.spaces).length === 0,
    isConflict: ({ event }) => errorOf(event)?.status === 409,
  },
  actions: {
    edit: assign(({ context }, edit: LayoutEdit) => ({
      draft: applyEdit(context.draft, edit),
      past: [...context.past, context.draft].slice(-HISTORY_LIMIT),
      future: [],
      messages: [],
    })),
    showError: assign(({ event }) => ({
      messages: errorOf(event)?.messages ?? [failedToLoad],
    })),
  },
}).createMachine({
  id: 'layoutEditor',
  context: ({ input }) => ({
    worldId: input.worldId,
    saved: null,
    draft: emptyDraft,
    past: [],
    future: [],
    selection: [],
    messages: [],
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLayout',
        src: 'loadLayout',
        input: ({ context }) => ({ worldId: context.worldId }),
        onDone: { target: 'editing', actions: assign(({ event }) => loaded(event.output)) },
        onError: { target: 'loadFailed', actions: assign({ messages: [failedToLoad] }) },
      },
    },
    loadFailed: {
      on: { 'editor.retry': 'loading' },
    },
    editing: {
      on: {
        'editor.edit': {
          actions: { type: 'edit', params: ({ event }) => event.edit },
        },
        'editor.select': { actions: assign({ selection: ({ event }) => event.keys }) },
        'editor.undo': {
          guard: 'canUndo',
          actions: assign(({ context }) => ({
            draft: context.past.at(-1)!,
            past: context.past.slice(0, -1),
            future: [context.draft, ...context.future],
          })),
        },
        'editor.redo': {
          guard: 'canRedo',
          actions: assign(({ context }) => ({
            draft: context.future[0]!,
            past: [...context.past, context.draft],
            future: context.future.slice(1),
          })),
        },
        'editor.save': { guard: 'isValid', target: 'saving' },
        'editor.applyPreset': 'applyingPreset',
      },
    },
    saving: {
      invoke: {
        id: 'saveLayout',
        src: 'saveLayout',
        input: ({ context }) => ({
          worldId: context.worldId,
          version: context.saved!.version,
          draft: context.draft,
        }),
        // The history stays: undo after a save edits onward from what was saved.
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            saved: event.output,
            draft: draftOf(event.output),
            messages: [],
          })),
        },
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'showError' },
          { target: 'editing', actions: 'showError' },
        ],
      },
    },
    applyingPreset: {
      invoke: {
        id: 'applyPreset',
        src: 'applyPreset',
        input: ({ context, event }) => ({
          worldId: context.worldId,
          version: context.saved!.version,
          presetId: (event as Extract<LayoutEditorEvent, { type: 'editor.applyPreset' }>).presetId,
        }),
        onDone: { target: 'editing', actions: assign(({ event }) => loaded(event.output)) },
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'showError' },
          { target: 'editing', actions: 'showError' },
        ],
      },
    },
    /** Someone saved first: reload (losing this draft) or keep looking at it to copy by hand. */
    conflict: {
      on: {
        'editor.reload': 'loading',
        'editor.keepEditing': 'editing',
      },
    },
  },
});

export type LayoutEditorSnapshot = SnapshotFrom<typeof layoutEditorMachine>;

/** Unsaved changes: the draft differs from what the server last answered. */
export function isDirty(snapshot: LayoutEditorSnapshot): boolean {
  const { saved, draft } = snapshot.context;
  return saved !== null && JSON.stringify(draftOf(saved)) !== JSON.stringify(draft);
}

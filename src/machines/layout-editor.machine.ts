import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { layoutProblems, placedSpace, type PlacedSpace } from '../domain/layout';
import { addedKeys, applyEdit, type LayoutDraft, type LayoutEdit } from '../domain/layout-edit';
import type { components } from '../services/api/schema';

// The layout editor (docs/decisions/015-world-space.md): edits are pure functions on a draft
// (domain/layout-edit.ts) with undo/redo as context; saving names the version the edit started
// from, and a 409 (someone saved first) leads to a conflict the owner resolves by reloading,
// never by overwriting. Applying a preset is a save on the server, with the same check. Saving as
// a preset copies the saved layout on the server, so it is offered only without unsaved changes.

export type ServerLayout = components['schemas']['Layout'];

/** How a save or a preset failed: 409 is a conflict; the messages are the server's, in Japanese. */
export type LayoutSaveError = { status: number; messages: string[] };

export type LayoutEditorEvent =
  | { type: 'editor.edit'; edit: LayoutEdit }
  | { type: 'editor.select'; keys: string[] }
  | { type: 'editor.undo' }
  | { type: 'editor.redo' }
  | { type: 'editor.save' }
  | { type: 'editor.copy' }
  | { type: 'editor.paste' }
  | { type: 'editor.applyPreset'; presetId: string }
  | { type: 'editor.savePreset'; name: string }
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
  /** What copy took (never the hall), for paste; kept across saves and reloads. */
  clipboard: PlacedSpace[];
  /** Why the last save, preset or load failed. */
  messages: string[];
  /** What the last save or preset did, for a status line. */
  notice: string | null;
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

/** The selection kept to spaces that still exist. */
const existing = (selection: string[], draft: LayoutDraft) =>
  selection.filter((key) => draft.spaces.some((s) => s.key === key));

const unsaved = ({ saved, draft }: LayoutEditorContext) =>
  saved !== null && JSON.stringify(draftOf(saved)) !== JSON.stringify(draft);

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

const loaded = (layout: ServerLayout, notice: string | null) => ({
  saved: layout,
  draft: draftOf(layout),
  past: [],
  future: [],
  selection: [],
  messages: [],
  notice,
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
    createPreset: fromPromise<{ name: string }, { worldId: string; name: string }>(async () => {
      throw new Error('createPreset not provided');
    }),
  },
  guards: {
    canUndo: ({ context }) => context.past.length > 0,
    canRedo: ({ context }) => context.future.length > 0,
    /** The domain's rules hold (the server checks them again): saving a broken layout is not offered. */
    isValid: ({ context }) => layoutProblems(context.draft.spaces).length === 0,
    isConflict: ({ event }) => errorOf(event)?.status === 409,
    canCopy: ({ context }) =>
      context.draft.spaces.some((s) => s.kind !== 'hall' && context.selection.includes(s.key)),
    canPaste: ({ context }) => context.clipboard.length > 0,
    isSaved: ({ context }) => !unsaved(context),
  },
  actions: {
    /** One step of history; what the edit added (a copy, a new table) becomes the selection. */
    edit: assign(({ context }, edit: LayoutEdit) => {
      const draft = applyEdit(context.draft, edit);
      const added = addedKeys(context.draft, draft);
      return {
        draft,
        past: [...context.past, context.draft].slice(-HISTORY_LIMIT),
        future: [],
        selection: added.length > 0 ? added : existing(context.selection, draft),
        messages: [],
        notice: null,
      };
    }),
    showError: assign(({ event }) => ({
      messages: errorOf(event)?.messages ?? [failedToLoad],
      notice: null,
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
    clipboard: [],
    messages: [],
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLayout',
        src: 'loadLayout',
        input: ({ context }) => ({ worldId: context.worldId }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => loaded(event.output, null)),
        },
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
            selection: existing(context.selection, context.past.at(-1)!),
          })),
        },
        'editor.redo': {
          guard: 'canRedo',
          actions: assign(({ context }) => ({
            draft: context.future[0]!,
            past: [...context.past, context.draft],
            future: context.future.slice(1),
            selection: existing(context.selection, context.future[0]!),
          })),
        },
        'editor.copy': {
          guard: 'canCopy',
          actions: assign(({ context }) => ({
            clipboard: context.draft.spaces
              .filter((s) => s.kind !== 'hall' && context.selection.includes(s.key))
              .map(placedSpace),
          })),
        },
        'editor.paste': {
          guard: 'canPaste',
          actions: {
            type: 'edit',
            params: ({ context }) => ({ kind: 'paste', spaces: context.clipboard }) as const,
          },
        },
        'editor.save': { guard: 'isValid', target: 'saving' },
        'editor.applyPreset': 'applyingPreset',
        'editor.savePreset': { guard: 'isSaved', target: 'savingPreset' },
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
          actions: assign(({ context, event }) => {
            const draft = draftOf(event.output);
            return {
              saved: event.output,
              draft,
              // New spaces got their ids as keys: what was selected among them is not any more.
              selection: existing(context.selection, draft),
              messages: [],
              notice: `保存しました（版${event.output.version}）。`,
            };
          }),
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
        onDone: {
          target: 'editing',
          actions: assign(({ event }) =>
            loaded(event.output, 'プリセットを適用して保存しました。'),
          ),
        },
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'showError' },
          { target: 'editing', actions: 'showError' },
        ],
      },
    },
    savingPreset: {
      invoke: {
        id: 'createPreset',
        src: 'createPreset',
        input: ({ context, event }) => ({
          worldId: context.worldId,
          name: (event as Extract<LayoutEditorEvent, { type: 'editor.savePreset' }>).name,
        }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            messages: [],
            notice: `プリセット「${event.output.name}」として保存しました。`,
          })),
        },
        onError: { target: 'editing', actions: 'showError' },
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
  return unsaved(snapshot.context);
}

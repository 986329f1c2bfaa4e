import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../services/api/schema';
import { refusal } from './refusal';
import { unprovidedAction, unprovidedActor } from './unprovided';

// Managing a world's recordings on mypage (docs/product.md §4 Recordings, ADR 025): renaming one
// (its title field open, then sent), deleting one (asked once; the owner's, ready or failed only)
// and downloading a ready one. One thing at a time: while one is sent, the list waits. A success
// says what changed and reads the list again; a refusal shows the server's words (a rename keeps
// its field open with what was typed).
//
// Start: createActor(recordingListMachine.provide({ actors, actions }), { input: { role } }).

type Recording = components['schemas']['ChimeMeetingRecording'];
type Role = components['schemas']['WorldRole'];

/** What the machine needs of a listed recording. */
export type ListedRecording = Pick<Recording, 'id' | 'title' | 'status'>;

export type RecordingListEvent =
  | { type: 'recordingList.renameStarted'; recording: ListedRecording }
  | { type: 'recordingList.renameCancelled' }
  | { type: 'recordingList.renameSubmitted'; title: string }
  | { type: 'recordingList.deleteAsked'; recording: ListedRecording }
  | { type: 'recordingList.deleteCancelled' }
  | { type: 'recordingList.deleteConfirmed' }
  | { type: 'recordingList.downloadAsked'; recording: ListedRecording };

export interface RecordingListContext {
  /** The caller's role in the world: only an owner deletes. */
  role: Role;
  /** The recording being renamed, deleted or downloaded. */
  target: ListedRecording | null;
  /** The title sent last. */
  title: string;
  /** What the last success changed. */
  notice: string | null;
  /** The server's messages from the last refusal. */
  errors: string[];
  /** Refusals: each moves the focus to the error summary. */
  failures: number;
}

/** The owner deletes a recording that is no longer being made (ready or failed). */
export function mayDelete(role: Role, recording: ListedRecording): boolean {
  return role === 'owner' && (recording.status === 'ready' || recording.status === 'failed');
}

export const recordingListMachine = setup({
  types: {} as {
    context: RecordingListContext;
    events: RecordingListEvent;
    input: { role: Role };
  },
  actors: {
    rename: unprovidedActor<void, { id: string; title: string }>('recordingList', 'rename'),
    remove: unprovidedActor<void, { id: string }>('recordingList', 'remove'),
    /** A signed URL (15 minutes) that answers the file as an attachment. */
    downloadUrl: unprovidedActor<{ url: string }, { id: string }>('recordingList', 'downloadUrl'),
  },
  actions: {
    // Effects, provided by the app (src/app/actors/world-detail-actors.tsx).
    refreshRecordings: unprovidedAction('recordingList', 'refreshRecordings'),
    /** The browser saves the file and stays on the page. */
    download: unprovidedAction<{ url: string }>('recordingList', 'download'),
    // Context.
    assignTarget: assign(({ event }) => {
      assertEvent(event, [
        'recordingList.renameStarted',
        'recordingList.deleteAsked',
        'recordingList.downloadAsked',
      ]);
      return { target: event.recording };
    }),
    assignTitle: assign(({ event }) => {
      assertEvent(event, 'recordingList.renameSubmitted');
      return { title: event.title };
    }),
    clearTarget: assign({ target: null }),
    succeed: assign((_, params: { notice: string }) => ({
      target: null,
      notice: params.notice,
      errors: [],
    })),
    refuse: assign(({ context }, params: { error: unknown }) => ({
      notice: null,
      ...refusal(context.failures, params.error),
    })),
  },
  guards: {
    deletable: ({ context, event }) => {
      assertEvent(event, 'recordingList.deleteAsked');
      return mayDelete(context.role, event.recording);
    },
    ready: ({ event }) => {
      assertEvent(event, 'recordingList.downloadAsked');
      return event.recording.status === 'ready';
    },
  },
}).createMachine({
  id: 'recordingList',
  context: ({ input }) => ({
    role: input.role,
    target: null,
    title: '',
    notice: null,
    errors: [],
    failures: 0,
  }),
  initial: 'browsing',
  states: {
    // The list offers every action; another one closes an open title field. While one is sent,
    // the list waits (its buttons are disabled).
    browsing: {
      initial: 'idle',
      on: {
        'recordingList.renameStarted': { target: '.editing', actions: 'assignTarget' },
        'recordingList.deleteAsked': {
          guard: 'deletable',
          target: 'confirmingDelete',
          actions: 'assignTarget',
        },
        'recordingList.downloadAsked': {
          guard: 'ready',
          target: 'downloading',
          actions: 'assignTarget',
        },
      },
      states: {
        idle: {},
        editing: {
          on: {
            'recordingList.renameCancelled': { target: 'idle', actions: 'clearTarget' },
            'recordingList.renameSubmitted': {
              target: '#recordingList.saving',
              actions: 'assignTitle',
            },
          },
        },
      },
    },
    saving: {
      invoke: {
        id: 'rename',
        src: 'rename',
        input: ({ context }) => ({ id: context.target!.id, title: context.title }),
        onDone: {
          target: 'browsing',
          actions: [
            {
              type: 'succeed',
              params: ({ context }) => ({
                notice: `タイトルを「${context.title.trim()}」に変更しました。`,
              }),
            },
            'refreshRecordings',
          ],
        },
        onError: {
          target: 'browsing.editing',
          actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingDelete: {
      on: {
        'recordingList.deleteCancelled': { target: 'browsing', actions: 'clearTarget' },
        'recordingList.deleteConfirmed': 'deleting',
      },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: {
          target: 'browsing',
          actions: [
            {
              type: 'succeed',
              params: ({ context }) => ({ notice: `「${context.target!.title}」を削除しました。` }),
            },
            'refreshRecordings',
          ],
        },
        onError: {
          target: 'browsing',
          actions: [
            { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
            'clearTarget',
          ],
        },
      },
    },
    downloading: {
      invoke: {
        id: 'downloadUrl',
        src: 'downloadUrl',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: {
          target: 'browsing',
          actions: [
            { type: 'download', params: ({ event }) => ({ url: event.output.url }) },
            'clearTarget',
          ],
        },
        onError: {
          target: 'browsing',
          actions: [
            { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
            'clearTarget',
          ],
        },
      },
    },
  },
});

export type RecordingListSnapshot = SnapshotFrom<typeof recordingListMachine>;

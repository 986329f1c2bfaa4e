import type { SnapshotFrom } from 'xstate';
import { channelOfMessage } from '../domain/chat';
import type { ChatMessage } from '../services/chat-api';
import { chatSetup, newestMessage } from './chat.setup';

export type { ChatContext, ChatEvent, HistoryInput, PostInput } from './chat.setup';

// The chat panel of a world (docs/product.md §4 チャット, ADR 029).
//
//   loading —done→ ready —error→ failed —retry→ loading
//   ready (parallel):
//     channels: idle —a move→ refreshing —done→ idle (the list read again)
//     history:  loading —done→ shown —loadOlder→ loadingOlder —done→ shown; error → unavailable
//     composer: writable —send→ sending —done→ writable; —error→ failedSend —retry→ sending
//               muted and closed (chat off, a space one is not in) follow the context: a post
//               there would only be refused.
//   Messages, deletions, settings and mutes come from the realtime socket (chat.selectors.ts).

const toMarkRead = { type: 'markRead' } as const;

/** A read position: the message and the channel it is in. */
const readPosition = (message: ChatMessage, userId: string) => ({
  channel: channelOfMessage(message, userId),
  messageId: message.id,
});

export const chatMachine = chatSetup.createMachine({
  id: 'chat',
  context: ({ input }) => ({
    worldId: input.worldId,
    // The overview says who the visitor is.
    userId: '',
    spaceId: null,
    channels: [],
    settings: { worldChat: true, spaceChat: true },
    muted: false,
    moderator: false,
    mutedUserIds: [],
    open: 'world',
    messages: [],
    hasOlder: false,
    visible: true,
    pending: null,
    errors: [],
    notice: null,
  }),
  initial: 'loading',
  // Where the visitor is matters before the channels are read: the space channel follows it.
  on: { 'chat.spaceChanged': { actions: 'moveSpace' } },
  states: {
    loading: {
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        input: ({ context }) => ({ worldId: context.worldId }),
        onDone: { target: 'ready', actions: 'takeOverview' },
        onError: { target: 'failed', actions: 'takeErrors' },
      },
    },
    failed: {
      on: { 'chat.retry': { target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      on: {
        // Leaving the space whose channel is open opens the next space's (or the world's).
        'chat.spaceChanged': [
          {
            guard: 'leftOpenSpace',
            target: ['.history.loading', '.channels.refreshing'],
            actions: 'moveSpace',
          },
          { target: '.channels.refreshing', actions: 'moveSpace' },
        ],
        'chat.open': { target: '.history.loading', actions: 'openChannel' },
        'chat.received': [
          {
            guard: 'readsOpenChannel',
            actions: [
              'receive',
              {
                ...toMarkRead,
                params: ({ context, event }) =>
                  readPosition((event as { message: ChatMessage }).message, context.userId),
              },
            ],
          },
          { actions: 'receive' },
        ],
        'chat.removed': { actions: 'replace' },
        'chat.settingsChanged': { actions: 'takeSettings' },
        'chat.mutedChanged': { actions: 'takeMuted' },
        'chat.shown': [
          {
            guard: 'revealsMessages',
            actions: [
              'show',
              {
                ...toMarkRead,
                params: ({ context }) => readPosition(newestMessage(context)!, context.userId),
              },
            ],
          },
          { actions: 'show' },
        ],
        'chat.hidden': { actions: 'hide' },
        'chat.delete': {
          actions: {
            type: 'deleteMessage',
            params: ({ event }) => ({ messageId: (event as { messageId: string }).messageId }),
          },
        },
        'chat.actionFailed': { actions: 'takeActionErrors' },
        'chat.dismissNotice': { actions: 'dismissNotice' },
      },
      states: {
        // The channel list again after a move: the next space's channel and its unread count.
        channels: {
          initial: 'idle',
          states: {
            idle: {},
            refreshing: {
              invoke: {
                id: 'refreshOverview',
                src: 'loadOverview',
                input: ({ context }) => ({ worldId: context.worldId }),
                onDone: { target: 'idle', actions: 'takeOverview' },
                // The list stays as it was; the next move or reload reads it again.
                onError: { target: 'idle' },
              },
            },
          },
        },
        history: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadHistory',
                src: 'loadHistory',
                input: ({ context }) => ({
                  worldId: context.worldId,
                  channel: context.open,
                  before: null,
                }),
                onDone: [
                  {
                    guard: 'readsHistory',
                    target: 'shown',
                    actions: [
                      'takeHistory',
                      {
                        ...toMarkRead,
                        params: ({ context }) =>
                          readPosition(newestMessage(context)!, context.userId),
                      },
                    ],
                  },
                  { target: 'shown', actions: 'takeHistory' },
                ],
                onError: { target: 'unavailable', actions: 'takeErrors' },
              },
            },
            shown: {
              on: { 'chat.loadOlder': { guard: 'hasOlder', target: 'loadingOlder' } },
            },
            loadingOlder: {
              invoke: {
                id: 'loadOlder',
                src: 'loadHistory',
                input: ({ context }) => ({
                  worldId: context.worldId,
                  channel: context.open,
                  before: context.messages[0]?.id ?? null,
                }),
                onDone: { target: 'shown', actions: 'takeOlder' },
                onError: { target: 'shown', actions: 'takeErrors' },
              },
            },
            unavailable: {
              on: { 'chat.retry': { target: 'loading' } },
            },
          },
        },
        composer: {
          initial: 'writable',
          states: {
            writable: {
              always: [
                { guard: 'isMuted', target: 'muted' },
                { guard: 'isClosed', target: 'closed' },
              ],
              on: {
                'chat.send': [
                  {
                    guard: 'validText',
                    target: 'sending',
                    actions: 'holdPending',
                  },
                  { actions: 'refuseText' },
                ],
              },
            },
            sending: {
              invoke: {
                id: 'postMessage',
                src: 'postMessage',
                input: ({ context }) => ({ worldId: context.worldId, ...context.pending! }),
                onDone: { target: 'writable', actions: 'takeSent' },
                onError: { target: 'failedSend', actions: 'takeErrors' },
              },
            },
            failedSend: {
              on: {
                'chat.retry': { target: 'sending' },
                'chat.discard': { target: 'writable', actions: 'discard' },
              },
            },
            muted: {
              always: { guard: 'isUnmuted', target: 'writable' },
            },
            closed: {
              always: [
                { guard: 'isMuted', target: 'muted' },
                { guard: 'isWritable', target: 'writable' },
              ],
            },
          },
        },
      },
    },
  },
});

export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

import { assign, setup, type SnapshotFrom } from 'xstate';
import { refusal } from './refusal';
import { unprovidedAction, unprovidedActor } from './unprovided';

// Leaving a world (docs/product.md §2 Leaving a world, ADR 011): asked once, then the
// caller takes themselves out of the world (removeWorldUser on oneself). Left: the list of the
// caller's worlds is read again and they go to it, told so. The server keeps a world's last owner
// (422): its message is shown and the dialog closes.
//
// Start: createActor(leaveWorldMachine.provide({ actors: { leave }, actions: { … } }),
//   { input: { worldName } }); leave: DELETE …/users/{selfId}.

export type LeaveWorldEvent =
  { type: 'leave.asked' } | { type: 'leave.cancelled' } | { type: 'leave.confirmed' };

export interface LeaveWorldContext {
  worldName: string;
  /** The server's messages from the last refused leave. */
  errors: string[];
  /** Refused leaves: each moves the focus to the error summary. */
  failures: number;
}

export const leaveWorldMachine = setup({
  types: {} as {
    context: LeaveWorldContext;
    events: LeaveWorldEvent;
    input: { worldName: string };
  },
  actors: {
    leave: unprovidedActor<void>('leaveWorld', 'leave'),
  },
  actions: {
    // Effects, provided by the app (src/app/actors/world-detail-actors.tsx).
    /** The caller's list of worlds no longer holds this one. */
    refreshMyWorlds: unprovidedAction('leaveWorld', 'refreshMyWorlds'),
    /** To /mypage/worlds, with the flash message. */
    goToMyWorlds: unprovidedAction<{ flash: string }>('leaveWorld', 'goToMyWorlds'),
    // Context.
    refuse: assign(({ context }, params: { error: unknown }) =>
      refusal(context.failures, params.error),
    ),
  },
}).createMachine({
  id: 'leaveWorld',
  context: ({ input }) => ({ worldName: input.worldName, errors: [], failures: 0 }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'leave.asked': 'confirming' },
    },
    confirming: {
      on: {
        'leave.cancelled': 'idle',
        'leave.confirmed': 'leaving',
      },
    },
    leaving: {
      invoke: {
        id: 'leave',
        src: 'leave',
        onDone: {
          target: 'left',
          actions: [
            'refreshMyWorlds',
            {
              type: 'goToMyWorlds',
              params: ({ context }) => ({ flash: `「${context.worldName}」から抜けました。` }),
            },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    left: { type: 'final' },
  },
});

export type LeaveWorldSnapshot = SnapshotFrom<typeof leaveWorldMachine>;

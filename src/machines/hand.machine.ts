import { assign, setup, type SnapshotFrom } from 'xstate';
import { toApiError } from '../services/errors/api-error';
import { unprovidedActor } from './unprovided';

// One's own raised hand in the space one sits in (docs/product.md §4 挙手, ADR 034).
//
// Start: createActor(handMachine.provide({ actors: { raiseHand, lowerHand } }))
//   raiseHand({ spaceId }): POST …/spaces/{spaceId}/raised_hands; lowerHand: DELETE …/raised_hand.
// States: down —raise (in a space)→ raising → up | down (refused: the server's message);
// up —lower→ lowering → down | up (refused). Owner or staff lowering it, or giving the floor,
// comes as hand.lowered (realtime hands.changed about oneself): down, with 発言が許可されました for
// the floor. Moving to another space or leaving (hand.spaceChanged) puts it down at once: the
// server takes it down on the move. A hand raised from another tab (hand.raised) is up here too.
// The hand never touches the devices: giving the floor releases a forced-off microphone on the
// server, which tells the devices machine (meeting.forceDevice); turning it on stays the person's.

export type HandEvent =
  | { type: 'hand.raise' }
  | { type: 'hand.lower' }
  | { type: 'hand.raised' }
  | { type: 'hand.lowered'; floor: boolean }
  | { type: 'hand.spaceChanged'; spaceId: string | null }
  | { type: 'hand.noticeDismissed' };

export interface HandContext {
  /** The space one sits in now; a hand is raised there. */
  spaceId: string | null;
  /** What to tell the person: a refusal, the floor given, the hand lowered by someone else. */
  notice: string | null;
}

export const handTexts = {
  floorGiven: '発言が許可されました。マイクをオンにして話せます。',
  lowered: '手が下げられました。',
} as const;

export const handMachine = setup({
  types: {} as { context: HandContext; events: HandEvent; input: { spaceId: string | null } },
  actors: {
    raiseHand: unprovidedActor<void, { spaceId: string }>('hand', 'raiseHand'),
    lowerHand: unprovidedActor<void>('hand', 'lowerHand'),
  },
  actions: {
    setSpace: assign((_, params: { spaceId: string | null }) => ({ spaceId: params.spaceId })),
    setError: assign((_, params: { error: unknown }) => ({
      notice: toApiError(params.error).messages.join('\n'),
    })),
    tellLowered: assign((_, params: { floor: boolean }) => ({
      notice: params.floor ? handTexts.floorGiven : handTexts.lowered,
    })),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    inSpace: ({ context }) => context.spaceId !== null,
    sameSpace: ({ context }, params: { spaceId: string | null }) =>
      context.spaceId === params.spaceId,
  },
}).createMachine({
  id: 'hand',
  context: ({ input }) => ({ spaceId: input.spaceId, notice: null }),
  on: {
    'hand.noticeDismissed': { actions: 'clearNotice' },
  },
  initial: 'down',
  states: {
    down: {
      on: {
        'hand.raise': { guard: 'inSpace', target: 'raising', actions: 'clearNotice' },
        'hand.raised': 'up',
        'hand.spaceChanged': {
          actions: { type: 'setSpace', params: ({ event }) => ({ spaceId: event.spaceId }) },
        },
      },
    },
    raising: {
      invoke: {
        id: 'raiseHand',
        src: 'raiseHand',
        input: ({ context }) => ({ spaceId: context.spaceId! }),
        onDone: 'up',
        onError: {
          target: 'down',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // Moved or left: the hand is down (the server took it down with the move).
        'hand.spaceChanged': {
          target: 'down',
          actions: { type: 'setSpace', params: ({ event }) => ({ spaceId: event.spaceId }) },
        },
      },
    },
    up: {
      on: {
        'hand.lower': { target: 'lowering', actions: 'clearNotice' },
        'hand.lowered': {
          target: 'down',
          actions: { type: 'tellLowered', params: ({ event }) => ({ floor: event.floor }) },
        },
        'hand.spaceChanged': [
          { guard: { type: 'sameSpace', params: ({ event }) => event } },
          {
            target: 'down',
            actions: { type: 'setSpace', params: ({ event }) => ({ spaceId: event.spaceId }) },
          },
        ],
      },
    },
    lowering: {
      invoke: {
        id: 'lowerHand',
        src: 'lowerHand',
        onDone: 'down',
        onError: {
          target: 'up',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // Moved or left: the hand is down (the server took it down with the move).
        'hand.spaceChanged': {
          target: 'down',
          actions: { type: 'setSpace', params: ({ event }) => ({ spaceId: event.spaceId }) },
        },
      },
    },
  },
});

export type HandSnapshot = SnapshotFrom<typeof handMachine>;

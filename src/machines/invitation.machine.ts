import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { sameAddress } from '../domain/email-address';
import { refusal } from './refusal';
import { unprovidedAction, unprovidedActor } from './unprovided';

// Accepting a mailed invitation to a world (docs/product.md §2 Accepting a staff invitation and
// Joining by a member invitation, ADR 011), as the signed-in account: a staff invitation
// (/invite-staff/{url}, acceptStaffInvitation) is accepted only by the account of the invited
// address; a member invitation (/mypage/worlds/{id}/invitation?token=…, createSelfInvitation)
// works for whoever is signed in and leads to the world's gate. A refusal is shown in the server's words and the button stays.
//
// Start: createActor(invitationMachine.provide({ actors: { accept }, actions: { … } })), then
// send invitation.opened with the page's invitation and the signed-in address.

export type InvitationKind = 'staff' | 'member';

export interface InvitationAddress {
  kind: InvitationKind;
  /** The world the page is about (a staff invitation's; the URL's for a member invitation). */
  worldId: string;
  token: string;
}

export type InvitationEvent =
  | {
      type: 'invitation.opened';
      kind: InvitationKind;
      worldId: string;
      token: string;
      /** The address a staff invitation was mailed to; null: anyone signed in may accept. */
      invitedEmail: string | null;
      signedInEmail: string;
    }
  | { type: 'invitation.accept' };

export interface InvitationContext extends InvitationAddress {
  invitedEmail: string | null;
  signedInEmail: string;
  /** The server's messages from the last refusal. */
  errors: string[];
  /** Refusals: each moves the focus to the error summary. */
  failures: number;
}

export const invitationMachine = setup({
  types: {} as { context: InvitationContext; events: InvitationEvent },
  actors: {
    /** Answers the world the caller is now a member of. */
    accept: unprovidedActor<{ worldId: string }, InvitationAddress>('invitation', 'accept'),
  },
  actions: {
    // Effects, provided by the app (src/app/actors/invitation-actor.tsx).
    /** The world is now one of the caller's: their list of worlds is read again. */
    refreshMyWorlds: unprovidedAction('invitation', 'refreshMyWorlds'),
    goToGate: unprovidedAction<{ worldId: string }>('invitation', 'goToGate'),
    // Context.
    assignInvitation: assign(({ event }) => {
      assertEvent(event, 'invitation.opened');
      const { kind, worldId, token, invitedEmail, signedInEmail } = event;
      return { kind, worldId, token, invitedEmail, signedInEmail };
    }),
    clearErrors: assign({ errors: [] }),
    refuse: assign(({ context }, params: { error: unknown }) =>
      refusal(context.failures, params.error),
    ),
  },
  guards: {
    // Staff invitations are bound to the invited address (ADR 011), compared as the server does.
    forSignedInAccount: ({ event }) => {
      assertEvent(event, 'invitation.opened');
      return event.invitedEmail === null || sameAddress(event.invitedEmail, event.signedInEmail);
    },
    isMemberInvitation: ({ context }) => context.kind === 'member',
  },
}).createMachine({
  id: 'invitation',
  context: {
    kind: 'member',
    worldId: '',
    token: '',
    invitedEmail: null,
    signedInEmail: '',
    errors: [],
    failures: 0,
  },
  initial: 'opening',
  states: {
    opening: {
      on: {
        'invitation.opened': [
          { guard: 'forSignedInAccount', target: 'offered', actions: 'assignInvitation' },
          { target: 'forAnotherAccount', actions: 'assignInvitation' },
        ],
      },
    },
    // Signed in as another account: whom it is for, and no button.
    forAnotherAccount: {},
    offered: {
      on: { 'invitation.accept': { target: 'accepting', actions: 'clearErrors' } },
    },
    accepting: {
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context: { kind, worldId, token } }) => ({ kind, worldId, token }),
        onDone: [
          {
            guard: 'isMemberInvitation',
            target: 'accepted',
            actions: [
              'refreshMyWorlds',
              { type: 'goToGate', params: ({ event }) => ({ worldId: event.output.worldId }) },
            ],
          },
          { target: 'accepted', actions: 'refreshMyWorlds' },
        ],
        onError: {
          target: 'offered',
          actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    accepted: { type: 'final' },
  },
});

export type InvitationSnapshot = SnapshotFrom<typeof invitationMachine>;

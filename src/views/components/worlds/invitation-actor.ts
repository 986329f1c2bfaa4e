// The invitation pages (a staff invitation, a member invitation) take their machine's actor from
// src/app (src/app/actors/invitation-actor.tsx), told the invitation and the signed-in account.
import type { ActorRefFrom } from 'xstate';
import type { InvitationAddress, invitationMachine } from '../../../machines/invitation.machine';
import { actorHookContext } from '../../hooks/actor-hook';

export type InvitationRef = ActorRefFrom<typeof invitationMachine>;

export interface OpenedInvitation extends InvitationAddress {
  /** The address a staff invitation was mailed to; null: anyone signed in may accept. */
  invitedEmail: string | null;
}

export const invitationActor =
  actorHookContext<(invitation: OpenedInvitation) => InvitationRef>('useInvitation');

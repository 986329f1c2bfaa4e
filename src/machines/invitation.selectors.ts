// What the invitation pages (/invite-staff/{url}, /mypage/worlds/{id}/invitation?token=…) read
// from the invitation machine's snapshot.
import type { InvitationSnapshot } from './invitation.machine';

/** The accept button is offered (also while it is sent). */
export const offersAccept = (s: InvitationSnapshot) =>
  s.matches('offered') || s.matches('accepting');
export const isAccepting = (s: InvitationSnapshot) => s.matches('accepting');
export const hasAccepted = (s: InvitationSnapshot) => s.matches('accepted');
/** A staff invitation mailed to another address than the signed-in account's. */
export const isForAnotherAccount = (s: InvitationSnapshot) => s.matches('forAnotherAccount');
export const selectSignedInEmail = (s: InvitationSnapshot) => s.context.signedInEmail;
/** The server's messages from the last refusal. */
export const selectInvitationErrors = (s: InvitationSnapshot) => s.context.errors;
export const selectInvitationFailures = (s: InvitationSnapshot) => s.context.failures;

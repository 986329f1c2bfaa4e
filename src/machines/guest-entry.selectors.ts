// What the guest entry pages read from the guest entry machine's snapshot.
import type { GuestEntrySnapshot } from './guest-entry.machine';

export { NAME_MAX } from './guest-entry.machine';

/** The entrance is being asked about: a loading indicator. */
export const isLookingUp = (snapshot: GuestEntrySnapshot) =>
  snapshot.matches('opening') || snapshot.matches('lookingUp');
/** Why nobody enters here (shown instead of the form); null while the form is offered. */
export const selectRefusal = (snapshot: GuestEntrySnapshot) => snapshot.context.refusal;
/** The name form is offered: the entrance lets the visitor in. */
export const offersForm = (snapshot: GuestEntrySnapshot) =>
  snapshot.matches('naming') || snapshot.matches('entering') || snapshot.matches('entered');
export const isEntering = (snapshot: GuestEntrySnapshot) =>
  snapshot.matches('entering') || snapshot.matches('entered');
/** The visitor entered: the session knows the guest. */
export const hasEntered = (snapshot: GuestEntrySnapshot) => snapshot.matches('entered');

export const selectWorldName = (snapshot: GuestEntrySnapshot) =>
  snapshot.context.entrance?.worldName ?? null;
export const selectIntroduction = (snapshot: GuestEntrySnapshot) =>
  snapshot.context.entrance?.introduction ?? null;
const NO_BADGES: readonly never[] = [];
export const selectBadges = (snapshot: GuestEntrySnapshot) =>
  snapshot.context.entrance?.badges ?? NO_BADGES;
/** An instant entrance's attendees now and capacity. */
export const selectSeats = (snapshot: GuestEntrySnapshot) =>
  snapshot.context.entrance?.seats ?? null;

export const selectName = (snapshot: GuestEntrySnapshot) => snapshot.context.name;
/** '' is "なし". */
export const selectBadgeId = (snapshot: GuestEntrySnapshot) => snapshot.context.badgeId;
export const selectNameErrors = (snapshot: GuestEntrySnapshot) => snapshot.context.nameErrors;
/** The server's messages from the last refused entry. */
export const selectEntryErrors = (snapshot: GuestEntrySnapshot) => snapshot.context.errors;
export const selectFailures = (snapshot: GuestEntrySnapshot) => snapshot.context.failures;

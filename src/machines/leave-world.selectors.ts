// What the leave section of a world's page reads from the leave world machine's snapshot.
import type { LeaveWorldSnapshot } from './leave-world.machine';

/** The question 「…から抜けますか？」 is open (also while the leave is sent). */
export const isAskingToLeave = (s: LeaveWorldSnapshot) =>
  s.matches('confirming') || s.matches('leaving');
export const isLeaving = (s: LeaveWorldSnapshot) => s.matches('leaving') || s.matches('left');
/** The server's messages from the last refused leave. */
export const selectLeaveErrors = (s: LeaveWorldSnapshot) => s.context.errors;
export const selectLeaveFailures = (s: LeaveWorldSnapshot) => s.context.failures;

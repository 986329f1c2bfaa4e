// What the app reads from the session machine's snapshot.
import type { SessionSnapshot } from './session.machine';

export { sessionStatus } from './session.machine';

export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user;
/** The server's message from the last failed sign-in. */
export const selectSignInError = (snapshot: SessionSnapshot) => snapshot.context.error;

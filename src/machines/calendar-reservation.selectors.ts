// What the payment page reads from the calendar reservation machine's snapshot.
import type { ReservationSnapshot } from './calendar-reservation.machine';

/** The estimate's state: being edited (debounce), checked by the server, ready to add, failed. */
export type ReservationPhase = 'editing' | 'checking' | 'ready' | 'checkFailed';

export const reservationPhase = (snapshot: ReservationSnapshot): ReservationPhase =>
  snapshot.matches('ready')
    ? 'ready'
    : snapshot.matches('checkFailed')
      ? 'checkFailed'
      : snapshot.matches('editing')
        ? 'editing'
        : 'checking';

export const selectReservation = (snapshot: ReservationSnapshot) => snapshot.context;
export const selectDraftStart = (snapshot: ReservationSnapshot) => snapshot.context.draft.start;
export const selectTimezone = (snapshot: ReservationSnapshot) => snapshot.context.timezone;

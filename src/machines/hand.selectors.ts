// What the hand button and its notice read from the hand machine's snapshot.
import type { RealtimeServerMessage } from '../domain/realtime';
import type { HandEvent, HandSnapshot } from './hand.machine';

/** The hand shows up from the moment it is asked for until it is down again. */
export const isHandUp = (s: HandSnapshot) =>
  s.matches('raising') || s.matches('up') || s.matches('lowering');
export const isHandBusy = (s: HandSnapshot) => s.matches('raising') || s.matches('lowering');
/** A hand goes up only in a space (not while watching or at the gate). */
export const canRaiseHand = (s: HandSnapshot) => s.can({ type: 'hand.raise' });
export const selectHandNotice = (s: HandSnapshot) => s.context.notice;

/** The realtime message about one's own hand as the hand machine's event (null: not for it). */
export function handEventFromRealtime(
  message: RealtimeServerMessage,
  selfUserId: string,
): HandEvent | null {
  if (message.type !== 'hands.changed' || message.userId !== selfUserId) return null;
  return message.raised ? { type: 'hand.raised' } : { type: 'hand.lowered', floor: message.floor };
}

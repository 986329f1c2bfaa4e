// The guest entry pages (enterGuest, instantEnter) take their machine's actor from src/app
// (src/app/actors/guest-entry-actor.ts), started with the URL's world and token.
import type { ActorRefFrom } from 'xstate';
import type { guestEntryMachine } from '../../../machines/guest-entry.machine';
import type { EntranceAddress } from '../../../services/guest-entry-api';
import { actorHookContext } from '../../hooks/actor-hook';

export type GuestEntryRef = ActorRefFrom<typeof guestEntryMachine>;

export const guestEntryActor =
  actorHookContext<(address: EntranceAddress) => GuestEntryRef>('useGuestEntry');

/** Why this entrance lets nobody in, instead of the form. */
export function GuestEntryRefusal({ message }: { message: string }) {
  return (
    <div role="alert" className="meeting-outcome">
      <p>{message}</p>
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { AttendeePanel } from './attendee-panel';
import { HandQueue } from './hands';
import { StatusControl } from './status-control';
import { usePresence } from './use-world-meeting';
import type { WorldActors } from './world-actors';

// Members only, and its own queries: loaded beside the rest, off the page's budget (ADR 018).
const WhoIsWhere = lazy(() => import('./who-is-where').then((m) => ({ default: m.WhoIsWhere })));

type RosterProps = Omit<Parameters<typeof AttendeePanel>[0], 'worldId' | 'statusOf' | 'people'> & {
  world: WorldActors;
};

/**
 * The attendees of one's space with their statuses (read from the presence here, so a status
 * change renders this list only); with `canModerate`, as the 管理 panel shows them (ADR 040).
 */
export function Roster({ world, ...rest }: RosterProps) {
  const presence = usePresence(world);
  return (
    <AttendeePanel
      worldId={world.worldId}
      statusOf={(userId) => presence.get(userId)?.nowDoing ?? null}
      people={world.presence}
      {...rest}
    />
  );
}

/**
 * 参加者: one's status, the hand queue of one's space for owner and staff, who is where (members),
 * and the attendees (what owner and staff do to them is in 管理).
 */
export function PeoplePanel({
  canFind,
  canTakeHands,
  spaceId,
  ...rest
}: Omit<RosterProps, 'canModerate'> & {
  spaceId: string;
  /** Members of the world (not guests) may look up who is where. */
  canFind: boolean;
  /** Owner and staff give the floor from the hand queue. */
  canTakeHands: boolean;
}) {
  const { world, selfUserId } = rest;
  return (
    <>
      {rest.outside === null && <StatusControl world={world} selfUserId={selfUserId} />}
      {canTakeHands && <HandQueue world={world} spaceId={spaceId} />}
      {canFind && (
        <Suspense fallback={null}>
          <WhoIsWhere world={world} selfUserId={selfUserId} spaceId={spaceId} />
        </Suspense>
      )}
      <Roster canModerate={false} {...rest} />
    </>
  );
}

import type { Db } from '../db/connect';
import { RuleError } from '../http/errors';
import { room } from '../meetings/capacity';
import { joinMessages } from '../meetings/join';
import { enterWithLink, inScope } from './guests';
import { findLinkByToken, instantMessages, linkState } from './links';
import { lockLiveWorld } from '../db/world-locks';
import { isRemoved, removalRecordMessages } from '../meetings/removals';

// Instant entry (/worlds/{id}/instantEnter?token=...): anyone with the token of one of the
// world's instant entrances enters as a new guest, as with a shared guest link (enterWithLink),
// while the entrance is open and the world has room (its capacity: 8 outside a reserved date,
// the same count the meetings' join applies).

const reasons = { revoked: 'stopped', expired: 'expired', usedUp: 'usedUp' } as const;

/**
 * getMyInstantEnterAccessRight: whether the entrance lets people in now, and if not, why. A
 * browser whose session is of a person removed from the world (ADR 016) is told so before it
 * asks for a name.
 */
export async function instantAccessRight(
  db: Db,
  worldId: string,
  token: string,
  now: Date,
  callerId: string | null,
) {
  const link = inScope(await findLinkByToken(db, token), { worldId, kind: 'instant' });
  if (!link) throw new RuleError('notFound', instantMessages.unknownLink);
  const state = linkState(link, now);
  const { capacity, currentAttendees, full } = await room(db, worldId, now);
  const closed =
    callerId && (await isRemoved(db, worldId, callerId))
      ? { reason: 'removed' as const, message: removalRecordMessages.removed }
      : state !== 'open'
        ? { reason: reasons[state], message: instantMessages[state] }
        : full
          ? { reason: 'full' as const, message: joinMessages.full(capacity) }
          : null;
  return {
    available: !closed,
    reason: closed?.reason ?? ('open' as const),
    message: closed?.message ?? null,
    capacity,
    currentAttendees,
  };
}

/** createMyInstantEnterAccessRight: one use of the entrance, refused (and given back) when the world is full. */
export async function enterInstantly(
  db: Db,
  worldId: string,
  token: string,
  name: string,
  now: Date,
  callerId: string | null,
) {
  return enterWithLink(db, token, { name, callerId }, now, {
    worldId,
    kind: 'instant',
    admit: async (tx) => {
      // The meetings' lock: two entries at once, or an entry beside a join, count one after the other.
      await lockLiveWorld(tx, worldId);
      const { capacity, full } = await room(tx, worldId, now);
      if (full) throw new RuleError('invalid', joinMessages.full(capacity));
    },
  });
}

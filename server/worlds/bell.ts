// Bell calling (docs/decisions/017-bell-calling.md): owner or staff ring one space of the world,
// or everyone in it. Nothing is stored; the call lives only as the realtime message the
// attendees receive (bell.rang).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { spaces } from '../db/schema';
import { RuleError } from '../http/errors';
import type { Publish } from '../http/use-case';

export const bellMessages = {
  spaceNotInWorld: 'spaceId: このワールドのスペースを指定してください。',
} as const;

export async function ringBell(
  db: Db,
  publish: Publish,
  worldId: string,
  from: { id: string; name: string },
  input: { spaceId?: string | null; message?: string },
  now: Date,
) {
  const spaceId = input.spaceId ?? null;
  if (spaceId) {
    const [space] = await db
      .select({ id: spaces.id })
      .from(spaces)
      .where(and(eq(spaces.id, spaceId), eq(spaces.worldId, worldId)));
    if (!space) throw new RuleError('invalid', bellMessages.spaceNotInWorld);
  }
  const message = input.message?.trim() || null;
  const call = {
    id: randomUUID(),
    worldId,
    fromUserId: from.id,
    fromUserName: from.name,
    spaceId,
    message,
    createdAt: now.toISOString(),
  };
  // Everyone in the world receives it; a page rung for another space ignores it (the client
  // knows its space, the hub fans out by world only).
  await publish(
    worldId,
    { everyone: true },
    { type: 'bell.rang', fromName: from.name, spaceId, message, at: call.createdAt },
  );
  return call;
}

// The text announcement of a world (docs/product.md §4 全体へのお知らせ, ADR 035): owner or staff
// post one, every space shows it until they take it down. One per world: a new one replaces it.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users, worldAnnouncements } from '../db/schema';
import { RuleError } from '../http/errors';
import type { Publish } from '../http/use-case';
import { checkAnnouncementBody } from '../../src/domain/stage-questions';
import { fieldMessage } from '../../src/domain/validation-messages';

type Row = typeof worldAnnouncements.$inferSelect;

const announcementJson = (row: Row) => ({
  body: row.body,
  fromName: row.fromName,
  createdAt: row.createdAt.toISOString(),
});

/** The announcement now, or null. */
export async function currentAnnouncement(db: Db, worldId: string) {
  const [row] = await db
    .select()
    .from(worldAnnouncements)
    .where(eq(worldAnnouncements.worldId, worldId));
  return { announcement: row ? announcementJson(row) : null };
}

export async function postAnnouncement(
  db: Db,
  publish: Publish,
  worldId: string,
  fromId: string,
  input: { body: string },
  now: Date,
) {
  const check = checkAnnouncementBody(input.body);
  if (!check.ok) throw new RuleError('invalid', fieldMessage('body', check.error));
  const [from] = await db.select({ name: users.name }).from(users).where(eq(users.id, fromId));
  const values = { worldId, body: check.text, fromName: from?.name ?? '', createdAt: now };
  const [row] = await db
    .insert(worldAnnouncements)
    .values(values)
    .onConflictDoUpdate({ target: worldAnnouncements.worldId, set: values })
    .returning();
  const announcement = announcementJson(row!);
  await publish(worldId, { everyone: true }, { type: 'world.announcement', announcement });
  return { announcement };
}

export async function takeDownAnnouncement(db: Db, publish: Publish, worldId: string) {
  await db.delete(worldAnnouncements).where(eq(worldAnnouncements.worldId, worldId));
  await publish(worldId, { everyone: true }, { type: 'world.announcement', announcement: null });
}

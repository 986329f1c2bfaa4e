import { count } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { createWorld } from '../worlds/worlds';
import type { Db } from './connect';
import { users } from './schema';

export const demoAccount = { email: 'demo@example.com', password: 'demo-password', name: 'デモ主催者' } as const;

/** On an empty database: a confirmed demo owner with one world, so a newcomer can sign in at once. */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(demoAccount.password);
  const [owner] = await db
    .insert(users)
    .values({ email: demoAccount.email, name: demoAccount.name, passwordHash, confirmedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!owner) return false;
  await createWorld(db, owner.id, { name: 'デモワールド', description: 'お試し用のワールドです。' }, now);
  return true;
}

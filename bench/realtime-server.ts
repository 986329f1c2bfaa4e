// Child process of bench:realtime: the world of bench/world-seed.ts with four spaces. Prints one
// line `BENCH_READY {json}`.
import { eq } from 'drizzle-orm';
import { spaces } from '../server/db/schema';
import { announceReady, startWorldWithGuests } from './world-seed';

async function main() {
  const { server, db, worldId, guests } = await startWorldWithGuests(
    Number(process.env.BENCH_CLIENTS ?? 2000),
  );
  await db.insert(spaces).values(['A', 'B', 'C'].map((n) => ({ worldId, name: `テーブル${n}` })));
  const spaceIds = (
    await db.select({ id: spaces.id }).from(spaces).where(eq(spaces.worldId, worldId))
  ).map((r) => r.id);
  const tickets = guests.map(({ ticket, userId }) => ({ ticket, userId }));
  await announceReady(server, { worldId, spaceIds, tickets });
}

void main();

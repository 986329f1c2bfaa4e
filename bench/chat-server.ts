// Child process of bench:chat: the world of bench/world-seed.ts, plus a table where six guests sit
// and a session for every guest who posts (BENCH_SENDERS for the world channel, the six at the
// table). Prints one line `BENCH_READY {json}`.
import { createClient } from '../server/auth/tokens';
import { spaces, worldUserSpaces } from '../server/db/schema';
import { announceReady, startWorldWithGuests, type Guest } from './world-seed';

async function main() {
  const { server, db, worldId, now, guests } = await startWorldWithGuests(
    Number(process.env.BENCH_CLIENTS ?? 2000),
  );
  const senders = Number(process.env.BENCH_SENDERS ?? 40);
  const [table] = await db
    .insert(spaces)
    .values({ worldId, name: 'テーブルA', kind: 'table', capacity: 6 })
    .returning({ id: spaces.id });
  const atTable = guests.slice(0, 6);
  await db
    .insert(worldUserSpaces)
    .values(atTable.map((g) => ({ worldId, userId: g.userId, spaceId: table!.id })));
  const session = async (g: Guest) => {
    const { client, token } = await createClient(db, g.userId, now);
    return { userId: g.userId, uid: g.email, client, token };
  };
  const worldSenders = await Promise.all(guests.slice(6, 6 + senders).map(session));
  const tableSenders = await Promise.all(atTable.map(session));
  const tickets = guests.map(({ userId, ticket }) => ({ userId, ticket }));
  await announceReady(server, { worldId, tableId: table!.id, tickets, worldSenders, tableSenders });
}

void main();

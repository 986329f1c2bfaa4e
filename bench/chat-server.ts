// Child process of bench:chat: the product's server as bench/realtime-server.ts starts it (the demo
// world, BENCH_CLIENTS guests with a ticket each), plus a table where six of them sit and a session
// for every guest who posts (BENCH_SENDERS for the world channel, the six at the table). Prints
// one line `BENCH_READY {json}`.
import { randomUUID } from 'node:crypto';

import { hashSecret, newSecret } from '../server/auth/secrets';
import { createClient } from '../server/auth/tokens';
import { loadConfig } from '../server/config';
import {
  realtimeTickets,
  spaces,
  users,
  worldMembers,
  worlds,
  worldUserSpaces,
} from '../server/db/schema';
import { seedDemo } from '../server/app/seed';
import { startServer } from '../server/app/start';

const clients = Number(process.env.BENCH_CLIENTS ?? 2000);
const senders = Number(process.env.BENCH_SENDERS ?? 40);

async function main() {
  const config = loadConfig();
  const server = await startServer(config, {});
  const { db } = server.database;
  const now = new Date();
  await seedDemo(db, now, config.appUrl);
  const [world] = await db.select({ id: worlds.id }).from(worlds).limit(1);
  const worldId = world!.id;
  const [table] = await db
    .insert(spaces)
    .values({ worldId, name: 'テーブルA', kind: 'table', capacity: 6 })
    .returning({ id: spaces.id });
  const guests: { userId: string; email: string; ticket: string }[] = [];
  for (let start = 0; start < clients; start += 500) {
    const batch = Array.from({ length: Math.min(500, clients - start) }, (_, i) => ({
      id: randomUUID(),
      email: `bench-${start + i}-${randomUUID()}@guest.invalid`,
      name: `参加者${start + i + 1}`,
      isGuest: true,
      guestWorldId: worldId,
    }));
    await db.insert(users).values(batch);
    await db
      .insert(worldMembers)
      .values(batch.map((u) => ({ worldId, userId: u.id, role: 'guest' as const })));
    const issued = batch.map((u) => ({ userId: u.id, email: u.email, ticket: newSecret() }));
    await db.insert(realtimeTickets).values(
      issued.map((t) => ({
        tokenHash: hashSecret(t.ticket),
        userId: t.userId,
        worldId,
        expiresAt: new Date(now.getTime() + 15 * 60_000),
      })),
    );
    guests.push(...issued);
  }
  const atTable = guests.slice(0, 6);
  await db
    .insert(worldUserSpaces)
    .values(atTable.map((g) => ({ worldId, userId: g.userId, spaceId: table!.id })));
  const session = async (g: (typeof guests)[number]) => {
    const { client, token } = await createClient(db, g.userId, now);
    return { userId: g.userId, uid: g.email, client, token };
  };
  const worldSenders = await Promise.all(guests.slice(6, 6 + senders).map(session));
  const tableSenders = await Promise.all(atTable.map(session));
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const tickets = guests.map(({ userId, ticket }) => ({ userId, ticket }));
  const tableId = table!.id;
  console.log(
    `BENCH_READY ${JSON.stringify({ port, worldId, tableId, tickets, worldSenders, tableSenders })}`,
  );
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

void main();

// Child process of bench:realtime: the product's server (server/app/start.ts, as main.ts wires it) on
// PostgreSQL (DATABASE_URL) or PGlite in DATA_DIR, with the demo world, BENCH_CLIENTS guests in
// it, four spaces and a ticket per guest, written into the database directly (making 2,000
// guests through the rate-limited guest entry would measure the limits, not the realtime).
// Prints one line `BENCH_READY {json}`.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashSecret, newSecret } from '../server/auth/secrets';
import { loadConfig } from '../server/config';
import { realtimeTickets, spaces, users, worldMembers, worlds } from '../server/db/schema';
import { seedDemo } from '../server/app/seed';
import { startServer } from '../server/app/start';

const clients = Number(process.env.BENCH_CLIENTS ?? 2000);

async function main() {
  const config = loadConfig();
  const server = await startServer(config, {});
  const { db } = server.database;
  await seedDemo(db, new Date(), config.appUrl);
  const [world] = await db.select({ id: worlds.id }).from(worlds).limit(1);
  const worldId = world!.id;
  await db.insert(spaces).values(['A', 'B', 'C'].map((n) => ({ worldId, name: `テーブル${n}` })));
  const spaceIds = (
    await db.select({ id: spaces.id }).from(spaces).where(eq(spaces.worldId, worldId))
  ).map((r) => r.id);
  const now = new Date();
  const tickets: { ticket: string; userId: string }[] = [];
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
    const issued = batch.map((u) => ({ ticket: newSecret(), userId: u.id }));
    await db.insert(realtimeTickets).values(
      issued.map((t) => ({
        tokenHash: hashSecret(t.ticket),
        userId: t.userId,
        worldId,
        // Longer than a ticket lives: 2,000 sockets take a while to open on a shared machine.
        expiresAt: new Date(now.getTime() + 15 * 60_000),
      })),
    );
    tickets.push(...issued);
  }
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`BENCH_READY ${JSON.stringify({ port, worldId, spaceIds, tickets })}`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

void main();

// The server side of the WebSocket benches (bench:realtime, bench:chat): the product's server
// (server/app/start.ts, as main.ts wires it) on PostgreSQL (DATABASE_URL) or PGlite in DATA_DIR,
// with the demo world and BENCH_CLIENTS guests in it, each with a realtime ticket, written into the
// database directly (making 2,000 guests through the rate-limited guest entry would measure the
// limits, not the realtime).
import { randomUUID } from 'node:crypto';
import { hashSecret, newSecret } from '../server/auth/secrets';
import { loadConfig } from '../server/config';
import { realtimeTickets, users, worldMembers, worlds } from '../server/db/schema';
import { seedDemo } from '../server/app/seed';
import { startServer } from '../server/app/start';

export type Guest = { userId: string; email: string; ticket: string };

/** Starts the server with the demo world and `clients` guests holding a ticket each. */
export async function startWorldWithGuests(clients: number) {
  const config = loadConfig();
  const server = await startServer(config, {});
  const { db } = server.database;
  const now = new Date();
  await seedDemo(db, now, config.appUrl);
  const [world] = await db.select({ id: worlds.id }).from(worlds).limit(1);
  const worldId = world!.id;
  const guests: Guest[] = [];
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
        // Longer than a ticket lives: 2,000 sockets take a while to open on a shared machine.
        expiresAt: new Date(now.getTime() + 15 * 60_000),
      })),
    );
    guests.push(...issued);
  }
  return { server, db, worldId, now, guests };
}

/** Listens on a free loopback port and prints `BENCH_READY {json}` with the port added. */
export async function announceReady(
  server: Awaited<ReturnType<typeof startServer>>,
  seed: Record<string, unknown>,
) {
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`BENCH_READY ${JSON.stringify({ port, ...seed })}`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

// Child process of bench:world: the product's server, serving the built app (dist/), with the
// demo world and BENCH_CLIENTS guests holding realtime tickets (bench/world-seed.ts). Prints one
// line `BENCH_READY {json}`.
import { announceReady, startWorldWithGuests } from './world-seed';

async function main() {
  const { server, worldId, guests } = await startWorldWithGuests(
    Number(process.env.BENCH_CLIENTS ?? 300),
  );
  const tickets = guests.map(({ ticket, userId }) => ({ ticket, userId }));
  await announceReady(server, { worldId, tickets });
}

void main();

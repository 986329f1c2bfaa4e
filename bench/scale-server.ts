// Child process of bench:scale: one more product process on the database and Redis of the first
// (bench/realtime-server.ts seeded the world). Prints one line `BENCH_READY {json}`.
import { startServer } from '../server/app/start';
import { loadConfig } from '../server/config';
import { announceReady } from './world-seed';

async function main() {
  await announceReady(await startServer(loadConfig(), {}), {});
}

void main();

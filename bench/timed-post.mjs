// A worker thread that times one POST at a time for bench/enumeration.bench.ts: apart from the
// server's event loop, so work the server does after answering cannot delay the reading of the
// answer (as it cannot for a client on another machine).
import { parentPort } from 'node:worker_threads';

parentPort.on('message', async ({ url, headers, body }) => {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body });
  await res.arrayBuffer();
  parentPort.postMessage({ ms: performance.now() - started, status: res.status });
});

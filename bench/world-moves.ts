// The moving half of the WebSocket benches (bench:realtime, bench:scale): opens one socket per
// url, moves random clients between the world's spaces, and measures when every other client has
// seen each move. Bounded by BENCH_SECONDS of moves at BENCH_MOVES_PER_SECOND.
import type WebSocket from 'ws';
import { cpuMs, quantile } from './support';
import { openAll } from './world-sockets';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const movesPerSecond = Number(process.env.BENCH_MOVES_PER_SECOND ?? 20);

type Move = { sentAt: number; waiting: number; lastSeenAt: number };
export type MoveResult = {
  p50: number;
  p99: number;
  moves: number;
  incomplete: number;
  deliveryP99: number;
  /** Frames and bytes each client received per move, while moving (every message type). */
  framesPerMove: number;
  bytesPerMove: number;
  /** CPU time (user + system) the server spent per move while moving: steadier than latency on a busy machine. */
  serverCpuMsPerMove: number;
};

/**
 * Opens one socket per url (50 at a time), waits until `isOpen` says so for each, moves random
 * clients between spaces, and measures when every other client has seen each move.
 */
export async function runMoves(
  urls: string[],
  ids: string[],
  spaceIds: string[],
  options: {
    isOpen: (message: { type: string }) => boolean;
    send: (ws: WebSocket, userId: string, spaceId: string) => void;
    /** The server processes whose CPU time is counted (user + system). */
    serverPids: number[];
  },
): Promise<MoveResult> {
  const pending = new Map<string, Move>();
  const deliveries: number[] = [];
  const done: number[] = [];
  const received = { frames: 0, bytes: 0 };
  const onMessage = (data: WebSocket.RawData) => {
    received.frames += 1;
    received.bytes += (data as Buffer).length;
    const message = JSON.parse(String(data)) as {
      type: string;
      moves?: { userId: string; spaceId: string | null }[];
    };
    if (message.type !== 'presence.moved') return;
    const now = performance.now();
    for (const { userId, spaceId } of message.moves!) {
      const key = `${userId}:${spaceId}`;
      const move = pending.get(key);
      if (!move) continue;
      deliveries.push(now - move.sentAt);
      move.lastSeenAt = now;
      if (--move.waiting === 0) {
        done.push(now - move.sentAt);
        pending.delete(key);
      }
    }
  };
  const sockets = await openAll(urls, options.isOpen, onMessage);
  const place = new Map(ids.map((id) => [id, spaceIds[0]!]));
  received.frames = 0;
  received.bytes = 0;
  const cpu = () => options.serverPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const cpuBefore = cpu();
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < seconds * 1000) {
    const index = Math.floor(Math.random() * ids.length);
    const userId = ids[index]!;
    const here = place.get(userId)!;
    const next = spaceIds.filter((s) => s !== here)[
      Math.floor(Math.random() * (spaceIds.length - 1))
    ]!;
    if (![...pending.keys()].some((k) => k.startsWith(userId))) {
      place.set(userId, next);
      pending.set(`${userId}:${next}`, {
        sentAt: performance.now(),
        waiting: ids.length - 1,
        lastSeenAt: 0,
      });
      options.send(sockets[index]!, userId, next);
      sent++;
    }
    await new Promise((r) => setTimeout(r, 1000 / movesPerSecond));
  }
  await new Promise((r) => setTimeout(r, 3000));
  const serverCpu = cpu() - cpuBefore;
  for (const ws of sockets) ws.terminate();
  const sortedDone = [...done].sort((a, b) => a - b);
  const sortedDeliveries = deliveries.sort((a, b) => a - b);
  return {
    p50: quantile(sortedDone, 0.5),
    p99: quantile(sortedDone, 0.99),
    deliveryP99: quantile(sortedDeliveries, 0.99),
    moves: sent,
    incomplete: pending.size,
    framesPerMove: received.frames / sockets.length / sent,
    bytesPerMove: received.bytes / sockets.length / sent,
    serverCpuMsPerMove: serverCpu / sent,
  };
}

/** One line of figures of a run. */
export const moveLine = (name: string, r: MoveResult) =>
  `${name.padEnd(8)} p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (per delivery p99 ${r.deliveryP99.toFixed(1)} ms; ${r.moves} moves, ${r.incomplete} not seen by all; per client and move ${r.framesPerMove.toFixed(2)} frames, ${r.bytesPerMove.toFixed(0)} bytes; server CPU ${r.serverCpuMsPerMove.toFixed(1)} ms per move)`;

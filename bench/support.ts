import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';

export type Measured = { requestsPerSecond: number; p99Ms: number; errors: number };

/** Starts a child process and waits for a line matching `ready`; the match's first group is returned. */
export async function startChild(args: string[], env: Record<string, string>, ready: RegExp) {
  const child: ChildProcess = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  for (let i = 0; i < 1200; i++) {
    const match = ready.exec(output);
    if (match) {
      return {
        value: match[1]!,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    if (child.exitCode !== null) throw new Error(`child exited: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`child did not get ready: ${output}`);
}

/** One autocannon run; `setupClient` may give each connection its own headers. */
export async function load(
  url: string,
  seconds: number,
  connections: number,
  setupClient?: (client: autocannon.Client) => void,
): Promise<Measured> {
  const result = await autocannon({ url, duration: seconds, connections, setupClient });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

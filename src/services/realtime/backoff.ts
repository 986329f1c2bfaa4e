export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

const defaults: BackoffOptions = { initialMs: 500, maxMs: 15_000 };

/**
 * The wait before reconnection attempt `attempt` (1 for the first retry): exponential, capped,
 * with "full jitter" (a random point between half and all of it) so that clients dropped by one
 * server restart do not all come back in the same millisecond.
 */
export function nextBackoffMs(
  attempt: number,
  random: () => number,
  options: Partial<BackoffOptions> = {},
): number {
  const { initialMs, maxMs } = { ...defaults, ...options };
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

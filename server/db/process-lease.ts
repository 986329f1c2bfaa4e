// Every server process is one of many (docs/decisions/032): it has an id and a lease in
// server_processes, renewed by its heartbeat on the database's clock. What it starts (a
// recording, presence) is owned under that id; when a lease lapses, one live process claims the
// row, hands the dead id to the areas to take over what it owned, then deletes the row.
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from './connect';
import { serverProcesses } from './schema';

type Logger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type ProcessLease = {
  readonly id: string;
  /** Renews now and takes over lapsed processes (what the timer does); answers the ids taken. */
  beat(): Promise<string[]>;
  /** Stops the heartbeat; `release` also lets the lease lapse now, for another to take over. */
  close(options?: { release?: boolean }): Promise<void>;
};

/**
 * Registers this process and, before answering, takes over every process whose lease had
 * already lapsed (what a restart cut off). Then every `beatMs` it renews its lease for three
 * beats and takes over the lapsed ones: a process that dies is taken over within four beats, and
 * a live one loses its lease only when it missed two beats in a row and most of the third.
 */
export async function startProcessLease(options: {
  id: string;
  db: Db;
  beatMs: number;
  /**
   * Takes over what the processes owned and answers how many of each kind (logged); throwing
   * leaves them to the next beat (anyone's).
   */
  takeOver: (processIds: string[]) => Promise<Record<string, number>>;
  logger: Logger;
}): Promise<ProcessLease> {
  const { id, db, beatMs, takeOver, logger } = options;
  const until = sql`now() + ${`${beatMs * 3} milliseconds`}::interval`;
  await db.insert(serverProcesses).values({ id, expiresAt: until });

  async function renew() {
    const [mine] = await db
      .update(serverProcesses)
      .set({ expiresAt: until })
      .where(and(eq(serverProcesses.id, id), sql`${serverProcesses.reapedBy} is null`))
      .returning({ id: serverProcesses.id });
    if (mine) return;
    // Silent for a whole lease (a stall, the database out of reach): another process has taken
    // over what this one owned. It carries on under its id with a new lease.
    logger.error({ processId: id }, 'process lease lost; what it owned was taken over');
    await db
      .insert(serverProcesses)
      .values({ id, expiresAt: until })
      .onConflictDoUpdate({
        target: serverProcesses.id,
        set: { expiresAt: until, reapedBy: null },
      });
  }

  /** Claims lapsed leases (one process wins each row) for one lease, takes over, deletes them. */
  async function reap(): Promise<string[]> {
    const claimed = await db
      .update(serverProcesses)
      .set({ reapedBy: id, expiresAt: until })
      .where(and(lt(serverProcesses.expiresAt, sql`now()`), ne(serverProcesses.id, id)))
      .returning({ id: serverProcesses.id });
    const ids = claimed.map((row) => row.id);
    if (ids.length === 0) return ids;
    const counts = await takeOver(ids);
    await db
      .delete(serverProcesses)
      .where(and(inArray(serverProcesses.id, ids), eq(serverProcesses.reapedBy, id)));
    logger.info({ takenOver: ids, ...counts }, 'took over lapsed server processes');
    return ids;
  }

  let running: Promise<unknown> = Promise.resolve();
  const beat = () => {
    const pass = running.then(async () => {
      await renew();
      return reap();
    });
    running = pass.catch((err: unknown) => logger.warn({ err }, 'process heartbeat failed'));
    return pass;
  };
  await reap();
  const timer = setInterval(() => void beat().catch(() => {}), beatMs);
  timer.unref();
  return {
    id,
    beat,
    async close({ release = true } = {}) {
      clearInterval(timer);
      await running;
      if (release)
        await db
          .update(serverProcesses)
          .set({ expiresAt: sql`now() - interval '1 millisecond'` })
          .where(eq(serverProcesses.id, id));
    },
  };
}

/** The ids of the processes whose leases run now (another process's view of who is alive). */
export async function liveProcessIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: serverProcesses.id })
    .from(serverProcesses)
    .where(sql`${serverProcesses.expiresAt} > now() and ${serverProcesses.reapedBy} is null`);
  return rows.map((row) => row.id);
}

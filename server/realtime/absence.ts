// When is an attendee gone (issue 15, ADR 016): nobody can leave a world by closing a tab, so the
// attendance of a user ends when the user has no socket in the world on any server (presence is
// on the bus) for long enough that a reconnect would have come: one heartbeat after a clean
// close, at once for a socket the heartbeat dropped (it was already silent for a beat or two).
// Either way the attendance ends within two heartbeats of the attendee going.
import type { RealtimeBus } from './bus';

type Logger = { error(obj: object, msg: string): void };

export type Attendance = {
  /** Ends the user's attendance in the world (frees the place, tells the others). */
  end(worldId: string, userId: string): Promise<void>;
  /** Users attending a live meeting now, on any server. */
  attending(): Promise<{ worldId: string; userId: string }[]>;
};

const key = (worldId: string, userId: string) => `${worldId}:${userId}`;

export function createAbsence(options: {
  bus: RealtimeBus;
  heartbeatMs: number;
  attendance: Attendance | undefined;
  logger: Logger;
}) {
  const { bus, heartbeatMs, attendance, logger } = options;
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  // Attendees found without a socket by the previous sweep.
  let suspects = new Set<string>();

  async function present(worldId: string, userId: string) {
    return (await bus.listPresence(worldId)).some((e) => e.member.userId === userId);
  }

  async function endUnlessBack(worldId: string, userId: string) {
    if (!attendance || (await present(worldId, userId))) return;
    await attendance.end(worldId, userId);
  }

  const failed = (err: unknown) => logger.error({ err }, 'ending an absent attendance failed');

  /**
   * Attendees of live meetings without a socket anywhere in two sweeps one beat apart: a server
   * that died (its presence expired), or a join whose page went before its socket opened.
   */
  async function sweep() {
    if (!attendance) return;
    const rows = await attendance.attending();
    const worlds = new Map<string, Set<string>>();
    for (const worldId of new Set(rows.map((r) => r.worldId))) {
      worlds.set(worldId, new Set((await bus.listPresence(worldId)).map((e) => e.member.userId)));
    }
    const next = new Set<string>();
    for (const { worldId, userId } of rows) {
      const k = key(worldId, userId);
      if (worlds.get(worldId)?.has(userId) || waiting.has(k)) continue;
      if (suspects.has(k)) await attendance.end(worldId, userId).catch(failed);
      else next.add(k);
    }
    suspects = next;
  }

  const sweeper = setInterval(() => void sweep().catch(failed), heartbeatMs);
  sweeper.unref();

  return {
    /** The user's last socket in the world went; `graceMs` is how long a reconnect may take. */
    lost(worldId: string, userId: string, graceMs: number) {
      const k = key(worldId, userId);
      clearTimeout(waiting.get(k));
      if (graceMs <= 0) {
        waiting.delete(k);
        return endUnlessBack(worldId, userId).catch(failed);
      }
      const timer = setTimeout(() => {
        waiting.delete(k);
        void endUnlessBack(worldId, userId).catch(failed);
      }, graceMs);
      timer.unref();
      waiting.set(k, timer);
      return Promise.resolve();
    },
    close() {
      clearInterval(sweeper);
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}

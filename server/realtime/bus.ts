// The realtime fan-out port (ADR 010): messages published on one server reach the sockets held by
// every server, and the presence of a world (who is connected, in which space) is shared. In one
// process by default; through Redis when REDIS_URL is set (redis-bus.ts).
import type {
  RealtimeClientMessage,
  RealtimeMember,
  RealtimeServerMessage,
} from '../../src/domain/realtime';
import type { Audience } from '../http/use-case';

type MediaSignal = Extract<RealtimeClientMessage, { type: 'meeting.mediaSignal' }>['signal'];

export type Envelope =
  | { kind: 'send'; worldId: string; to: Audience; message: RealtimeServerMessage }
  /** Close the sockets of a user in a world (userId null: everyone's) with this close code. */
  | { kind: 'close'; worldId: string; userId: string | null; code: number }
  /**
   * A user's signal for a media-server room, checked by the process holding the user's socket,
   * for `processId`, the process whose media server holds the room (ADR 039).
   */
  | {
      kind: 'mediaSignal';
      processId: string;
      worldId: string;
      userId: string;
      roomKey: string;
      signal: MediaSignal;
      /** A listener's offer: the host forwards it the table's microphones only (ADR 038). */
      audioOnly: boolean;
    }
  /** An attendee left a media-server room (null: the room closed), sent by `fromProcessId`. */
  | { kind: 'mediaLeave'; fromProcessId: string; roomKey: string; attendeeId: string | null };

/** A socket in a world's presence, held by one server process (docs/decisions/032). */
export type PresenceEntry = { connectionId: string; processId: string; member: RealtimeMember };

/** An entry as removeProcessPresence found it, with its world. */
export type PlacedEntry = { worldId: string; entry: PresenceEntry };

export interface RealtimeBus {
  publish(envelope: Envelope): Promise<void>;
  /** Called once per server; the handler sees every envelope, its own included. */
  subscribe(handler: (envelope: Envelope) => void): Promise<void>;
  /**
   * Presence entries expire after ttlMs unless set again (the heartbeat refreshes them), so a
   * server that died does not leave its members in the world for ever.
   */
  setPresence(worldId: string, entry: PresenceEntry, ttlMs: number): Promise<void>;
  removePresence(worldId: string, connectionId: string): Promise<void>;
  listPresence(worldId: string): Promise<PresenceEntry[]>;
  /** Removes every entry a server process held, in every world: a dead process's ghosts. */
  removeProcessPresence(processId: string): Promise<PlacedEntry[]>;
  close(): Promise<void>;
}

/** The default: one server, everything in this process. */
export function createLocalBus(now: () => number = Date.now): RealtimeBus {
  const handlers: ((e: Envelope) => void)[] = [];
  const presence = new Map<string, Map<string, { entry: PresenceEntry; expiresAt: number }>>();
  return {
    async publish(envelope) {
      // A round trip through JSON, as Redis does, so a test on one bus catches what would not cross.
      const copy = JSON.parse(JSON.stringify(envelope)) as Envelope;
      for (const handler of handlers) handler(copy);
    },
    async subscribe(handler) {
      handlers.push(handler);
    },
    async setPresence(worldId, entry, ttlMs) {
      const world = presence.get(worldId) ?? new Map();
      world.set(entry.connectionId, { entry, expiresAt: now() + ttlMs });
      presence.set(worldId, world);
    },
    async removePresence(worldId, connectionId) {
      const world = presence.get(worldId);
      world?.delete(connectionId);
      if (world?.size === 0) presence.delete(worldId);
    },
    async listPresence(worldId) {
      const world = presence.get(worldId);
      if (!world) return [];
      const t = now();
      for (const [id, { expiresAt }] of world) if (expiresAt <= t) world.delete(id);
      return [...world.values()].map((v) => v.entry);
    },
    async removeProcessPresence(processId) {
      const removed: PlacedEntry[] = [];
      for (const [worldId, world] of presence)
        for (const [id, { entry }] of world)
          if (entry.processId === processId) {
            world.delete(id);
            removed.push({ worldId, entry });
          }
      return removed;
    },
    async close() {
      handlers.length = 0;
      presence.clear();
    },
  };
}

// Who is in the world now, kept from the realtime messages (presence.snapshot first, then
// joined/left/moved), as an external store the views read with useSyncExternalStore.
import type { RealtimeMember, RealtimeServerMessage } from '../../domain/realtime';
import type { RealtimeClient } from './realtime-client';

export type Presence = ReadonlyMap<string, RealtimeMember>;

/** The next presence after one message (the same object when nothing changed). */
export function nextPresence(presence: Presence, message: RealtimeServerMessage): Presence {
  switch (message.type) {
    case 'presence.snapshot':
      return new Map(message.members.map((member) => [member.userId, member]));
    case 'presence.joined':
      return new Map(presence).set(message.member.userId, message.member);
    case 'presence.left': {
      if (!presence.has(message.userId)) return presence;
      const next = new Map(presence);
      next.delete(message.userId);
      return next;
    }
    case 'presence.moved': {
      const known = message.moves.filter((m) => presence.has(m.userId));
      if (known.length === 0) return presence;
      const next = new Map(presence);
      for (const { userId, spaceId } of known) next.set(userId, { ...next.get(userId)!, spaceId });
      return next;
    }
    case 'presence.status': {
      const member = presence.get(message.userId);
      if (!member || member.nowDoing === message.nowDoing) return presence;
      return new Map(presence).set(message.userId, { ...member, nowDoing: message.nowDoing });
    }
    case 'presence.icon': {
      const member = presence.get(message.userId);
      if (!member || member.iconUrl === message.iconUrl) return presence;
      return new Map(presence).set(message.userId, { ...member, iconUrl: message.iconUrl });
    }
    default:
      return presence;
  }
}

export interface PresenceStore {
  get(): Presence;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export function createPresenceStore(realtime: Pick<RealtimeClient, 'subscribe'>): PresenceStore {
  let presence: Presence = new Map();
  const listeners = new Set<() => void>();
  const unsubscribe = realtime.subscribe((message) => {
    const next = nextPresence(presence, message);
    if (next === presence) return;
    presence = next;
    for (const listener of listeners) listener();
  });
  return {
    get: () => presence,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: unsubscribe,
  };
}

// Who to tell the attendee about (docs/product.md §2, enter notices), read from the realtime
// messages the presence store also reads.
import type { RealtimeServerMessage } from '../../domain/realtime';
import type { Presence } from './presence';

export interface EnterNotice {
  userId: string;
  text: string;
}

/**
 * The notices one message brings: someone entered the world (presence.joined), or came into the
 * attendee's space (presence.moved). Never about the attendee; `presence` is who was known
 * before the message (a move names a user id only).
 */
export function enterNoticesOf(
  message: RealtimeServerMessage,
  presence: Presence,
  self: { userId: string; spaceId: string },
): EnterNotice[] {
  switch (message.type) {
    case 'presence.joined': {
      const { userId, name } = message.member;
      if (userId === self.userId) return [];
      return [{ userId, text: `${name}さんが入場しました` }];
    }
    case 'presence.moved':
      return message.moves.flatMap(({ userId, spaceId }) => {
        const member = presence.get(userId);
        if (userId === self.userId || spaceId !== self.spaceId || !member) return [];
        if (member.spaceId === self.spaceId) return [];
        return [{ userId, text: `${member.name}さんがこのスペースに来ました` }];
      });
    default:
      return [];
  }
}

import type { ChatMessage, ChatOverview } from '../services/chat-api';

// Example data for the chat machine's unit and path tests: a world-channel message from 佐藤 and
// the overview of a person who sees only the world channel (docs/product.md §4 チャット).

export const chatMessage = (id: string, fields: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  kind: 'world',
  spaceId: null,
  recipientId: null,
  senderId: 'sato',
  senderName: '佐藤',
  senderRole: 'user',
  senderBadge: null,
  body: 'こんにちは',
  deleted: false,
  mentionedUserIds: [],
  createdAt: '2026-11-27T05:05:00.000Z',
  ...fields,
});

export const chatOverview = (
  userId: string,
  unreadCount: number,
  fields: Partial<ChatOverview> = {},
): ChatOverview => ({
  userId,
  items: [
    {
      channel: 'world',
      kind: 'world',
      spaceId: null,
      userId: null,
      name: 'ワールド全体',
      unreadCount,
      lastReadMessageId: null,
    },
  ],
  settings: { worldChat: true, spaceChat: true },
  muted: false,
  moderator: false,
  mutedUserIds: [],
  ...fields,
});

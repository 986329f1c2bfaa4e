import { assign, setup } from 'xstate';
import {
  channelOfMessage,
  chatTexts,
  checkChatBody,
  parseChannelKey,
  type ChatChannelKey,
} from '../domain/chat';
import type {
  ChatChannel,
  ChatMessage,
  ChatMessagePage,
  ChatOverview,
  ChatSettings,
} from '../services/chat-api';
import { unprovidedAction, unprovidedActor } from './unprovided';

// Types, guards and actions of the chat statechart (chat.machine.ts); docs/product.md §4 チャット.

export interface ChatContext {
  worldId: string;
  userId: string;
  /** The space the visitor is in (presence); null while watching or nowhere. */
  spaceId: string | null;
  channels: ChatChannel[];
  settings: ChatSettings;
  muted: boolean;
  /** Owner or staff: every space's channel, delete any message, mute, chat off. */
  moderator: boolean;
  /** Who is muted (owner and staff only). */
  mutedUserIds: string[];
  /** The channel on screen. */
  open: ChatChannelKey;
  /** The open channel's messages, oldest first. */
  messages: ChatMessage[];
  hasOlder: boolean;
  /** Whether the panel is on screen: only then are the open channel's messages read. */
  visible: boolean;
  /** The message being sent, or that failed and waits for 再送信. */
  pending: { channel: ChatChannelKey; body: string } | null;
  /** Why the last load or send failed, or why the text was refused (Japanese). */
  errors: string[];
  /** Told once: a mention, being muted or unmuted. */
  notice: string | null;
}

export type ChatEvent =
  | { type: 'chat.spaceChanged'; spaceId: string | null }
  | { type: 'chat.open'; channel: ChatChannelKey; name: string }
  | { type: 'chat.loadOlder' }
  | { type: 'chat.send'; body: string }
  | { type: 'chat.retry' }
  | { type: 'chat.discard' }
  | { type: 'chat.delete'; messageId: string }
  | { type: 'chat.shown' }
  | { type: 'chat.hidden' }
  | { type: 'chat.received'; message: ChatMessage }
  | { type: 'chat.removed'; message: ChatMessage }
  | { type: 'chat.settingsChanged'; settings: ChatSettings }
  | { type: 'chat.mutedChanged'; muted: boolean }
  | { type: 'chat.actionFailed'; errors: string[] }
  | { type: 'chat.dismissNotice' };

export type HistoryInput = { worldId: string; channel: ChatChannelKey; before: string | null };
export type PostInput = { worldId: string; channel: ChatChannelKey; body: string };

const messagesOf = (error: unknown) =>
  error instanceof Error && 'messages' in error
    ? (error as { messages: string[] }).messages
    : ['通信できませんでした。接続を確かめて、もう一度お試しください。'];

const spaceChannel = (spaceId: string | null): ChatChannelKey | null =>
  spaceId ? `space:${spaceId}` : null;

/** Whether the open channel takes posts from this visitor now (chat off, not their space). */
function isClosedChannel(context: ChatContext): boolean {
  const { open, settings } = context;
  if (open === 'world') return !settings.worldChat;
  if (open.startsWith('space:'))
    return !settings.spaceChat || open !== spaceChannel(context.spaceId);
  return false;
}

/** The newest message of the open channel: the read position once it is on screen. */
export const newestMessage = (context: ChatContext) => context.messages.at(-1) ?? null;

function withMessage(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (list.some((m) => m.id === message.id))
    return list.map((m) => (m.id === message.id ? message : m));
  return [...list, message];
}

/** A channel the list does not have yet (a first direct message, a space one arrived in). */
function newChannel(key: ChatChannelKey, name: string, unreadCount: number): ChatChannel {
  const parsed = parseChannelKey(key);
  return {
    channel: key,
    kind: parsed?.kind ?? 'world',
    spaceId: parsed?.kind === 'space' ? parsed.spaceId : null,
    userId: parsed?.kind === 'direct' ? parsed.userId : null,
    name,
    unreadCount,
    lastReadMessageId: null,
  };
}

function countUnread(channels: ChatChannel[], key: ChatChannelKey, name: string, by: number) {
  if (!channels.some((c) => c.channel === key)) return [...channels, newChannel(key, name, by)];
  return channels.map((c) =>
    c.channel === key ? { ...c, unreadCount: by === 0 ? 0 : c.unreadCount + by } : c,
  );
}

export const chatSetup = setup({
  types: {} as {
    context: ChatContext;
    events: ChatEvent;
    input: { worldId: string };
  },
  actors: {
    loadOverview: unprovidedActor<ChatOverview, { worldId: string }>('chat', 'loadOverview'),
    loadHistory: unprovidedActor<ChatMessagePage, HistoryInput>('chat', 'loadHistory'),
    postMessage: unprovidedActor<ChatMessage, PostInput>('chat', 'postMessage'),
  },
  actions: {
    /** Keeps the read position on the server, so unread counts survive a reload. */
    markRead: unprovidedAction<{ channel: ChatChannelKey; messageId: string }>('chat', 'markRead'),
    /** Deletes on the server; chat.removed follows for everyone, chat.actionFailed on refusal. */
    deleteMessage: unprovidedAction<{ messageId: string }>('chat', 'deleteMessage'),
    takeOverview: assign(({ event }) => {
      const overview = (event as unknown as { output: ChatOverview }).output;
      return {
        userId: overview.userId,
        channels: overview.items,
        settings: overview.settings,
        muted: overview.muted,
        moderator: overview.moderator,
        mutedUserIds: overview.mutedUserIds,
        errors: [],
      };
    }),
    takeHistory: assign(({ context, event }) => {
      const page = (event as unknown as { output: ChatMessagePage }).output;
      return {
        messages: page.items,
        hasOlder: page.hasOlder,
        errors: [],
        channels: context.visible
          ? countUnread(context.channels, context.open, '', 0)
          : context.channels,
      };
    }),
    takeOlder: assign(({ context, event }) => {
      const page = (event as unknown as { output: ChatMessagePage }).output;
      return {
        messages: [...page.items, ...context.messages],
        hasOlder: page.hasOlder,
        errors: [],
      };
    }),
    takeErrors: assign(({ event }) => ({
      errors: messagesOf((event as unknown as { error: unknown }).error),
    })),
    openChannel: assign(({ context, event }) => {
      if (event.type !== 'chat.open') return {};
      return {
        open: event.channel,
        messages: [],
        hasOlder: false,
        errors: [],
        channels: countUnread(context.channels, event.channel, event.name, 0),
      };
    }),
    moveSpace: assign(({ context, event }) => {
      if (event.type !== 'chat.spaceChanged') return {};
      const left = spaceChannel(context.spaceId);
      // The channel list is read again (the next space's name and unread count); the open
      // channel follows the visitor out of the space they left.
      const followed =
        context.open === left ? (spaceChannel(event.spaceId) ?? 'world') : context.open;
      return { spaceId: event.spaceId, open: followed };
    }),
    receive: assign(({ context, event }) => {
      if (event.type !== 'chat.received') return {};
      const { message } = event;
      const key = channelOfMessage(message, context.userId);
      const mine = message.senderId === context.userId;
      const mentioned = !mine && message.mentionedUserIds.includes(context.userId);
      const here = key === context.open;
      const unseen = !mine && (!here || !context.visible);
      return {
        messages: here ? withMessage(context.messages, message) : context.messages,
        channels: unseen
          ? countUnread(context.channels, key, message.senderName, 1)
          : context.channels,
        notice: mentioned ? chatTexts.mentioned(message.senderName) : context.notice,
      };
    }),
    replace: assign(({ context, event }) =>
      event.type === 'chat.removed'
        ? {
            messages: context.messages.map((m) => (m.id === event.message.id ? event.message : m)),
          }
        : {},
    ),
    takeSettings: assign(({ event }) =>
      event.type === 'chat.settingsChanged' ? { settings: event.settings } : {},
    ),
    takeMuted: assign(({ context, event }) =>
      event.type === 'chat.mutedChanged' && event.muted !== context.muted
        ? {
            muted: event.muted,
            notice: event.muted ? chatTexts.mutedNotice : chatTexts.unmutedNotice,
          }
        : {},
    ),
    show: assign(({ context }) => ({
      visible: true,
      channels: countUnread(context.channels, context.open, '', 0),
    })),
    hide: assign({ visible: false }),
    holdPending: assign(({ context, event }) => {
      const check = event.type === 'chat.send' ? checkChatBody(event.body) : null;
      return check?.ok ? { pending: { channel: context.open, body: check.body }, errors: [] } : {};
    }),
    refuseText: assign(({ event }) => {
      if (event.type !== 'chat.send') return {};
      const check = checkChatBody(event.body);
      return { errors: check.ok ? [] : [check.error] };
    }),
    takeSent: assign(({ context, event }) => {
      const message = (event as unknown as { output: ChatMessage }).output;
      const here = channelOfMessage(message, context.userId) === context.open;
      return {
        pending: null,
        errors: [],
        messages: here ? withMessage(context.messages, message) : context.messages,
      };
    }),
    discard: assign({ pending: null, errors: [] }),
    takeActionErrors: assign(({ event }) =>
      event.type === 'chat.actionFailed' ? { errors: event.errors } : {},
    ),
    dismissNotice: assign({ notice: null }),
  },
  guards: {
    isMuted: ({ context }) => context.muted,
    isClosed: ({ context }) => isClosedChannel(context),
    isWritable: ({ context }) => !isClosedChannel(context),
    isUnmuted: ({ context }) => !context.muted,
    validText: ({ event }) => event.type === 'chat.send' && checkChatBody(event.body).ok,
    /** The panel comes back on screen with messages the visitor has not seen. */
    revealsMessages: ({ context }) => !context.visible && newestMessage(context) !== null,
    /** A history that opens on screen is read up to its newest message. */
    readsHistory: ({ context, event }) =>
      context.visible && (event as unknown as { output: ChatMessagePage }).output.items.length > 0,
    hasOlder: ({ context }) => context.hasOlder && context.messages.length > 0,
    readsOpenChannel: ({ context, event }) =>
      event.type === 'chat.received' &&
      context.visible &&
      event.message.senderId !== context.userId &&
      channelOfMessage(event.message, context.userId) === context.open,
    leftOpenSpace: ({ context, event }) =>
      event.type === 'chat.spaceChanged' &&
      context.open.startsWith('space:') &&
      context.open === spaceChannel(context.spaceId) &&
      event.spaceId !== context.spaceId,
  },
});

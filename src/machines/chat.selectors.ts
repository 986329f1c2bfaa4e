import { chatTexts } from '../domain/chat';
import type { RealtimeServerMessage } from '../domain/realtime';
import type { ChatEvent, ChatSnapshot } from './chat.machine';

// What the chat panel reads from the chat actor (docs/product.md §4 チャット).

export type ChatPhase = 'loading' | 'failed' | 'ready';
export type ComposerPhase = 'writable' | 'sending' | 'failedSend' | 'muted' | 'closed';

export function chatPhase(snapshot: ChatSnapshot): ChatPhase {
  if (snapshot.matches('loading')) return 'loading';
  return snapshot.matches('failed') ? 'failed' : 'ready';
}

export function composerPhase(snapshot: ChatSnapshot): ComposerPhase | null {
  const value = snapshot.value;
  return typeof value === 'object' && 'ready' in value
    ? ((value.ready as { composer: ComposerPhase }).composer ?? null)
    : null;
}

export const isLoadingHistory = (snapshot: ChatSnapshot) =>
  snapshot.matches({ ready: { history: 'loading' } }) ||
  snapshot.matches({ ready: { history: 'loadingOlder' } });
export const isHistoryUnavailable = (snapshot: ChatSnapshot) =>
  snapshot.matches({ ready: { history: 'unavailable' } });
export const canLoadOlder = (snapshot: ChatSnapshot) => snapshot.can({ type: 'chat.loadOlder' });

export const selectChannels = (snapshot: ChatSnapshot) => snapshot.context.channels;
export const selectOpenChannel = (snapshot: ChatSnapshot) => snapshot.context.open;
export const selectMessages = (snapshot: ChatSnapshot) => snapshot.context.messages;
export const selectPending = (snapshot: ChatSnapshot) => snapshot.context.pending;
export const selectChatErrors = (snapshot: ChatSnapshot) => snapshot.context.errors;
export const selectNotice = (snapshot: ChatSnapshot) => snapshot.context.notice;
export const selectChatSettings = (snapshot: ChatSnapshot) => snapshot.context.settings;
export const isModerator = (snapshot: ChatSnapshot) => snapshot.context.moderator;
export const selectMutedUserIds = (snapshot: ChatSnapshot) => snapshot.context.mutedUserIds;
export const selectUserId = (snapshot: ChatSnapshot) => snapshot.context.userId;

/** Unread messages over every channel (the tab's badge). */
export const selectUnreadTotal = (snapshot: ChatSnapshot) =>
  snapshot.context.channels.reduce((sum, c) => sum + c.unreadCount, 0);

/** Why the composer takes no text now (Japanese), or null when it does. */
export function composerNotice(snapshot: ChatSnapshot): string | null {
  const phase = composerPhase(snapshot);
  if (phase === 'muted') return chatTexts.muted;
  if (phase !== 'closed') return null;
  const { open, settings } = snapshot.context;
  if (open === 'world') return chatTexts.worldChatOff;
  return settings.spaceChat ? chatTexts.notInSpace : chatTexts.spaceChatOff;
}

/** The chat's part of the realtime protocol, as events of the chat machine. */
export function chatEventFromRealtime(message: RealtimeServerMessage): ChatEvent | null {
  switch (message.type) {
    case 'chat.message':
      return { type: 'chat.received', message: message.message };
    case 'chat.deleted':
      return { type: 'chat.removed', message: message.message };
    case 'chat.settings':
      return {
        type: 'chat.settingsChanged',
        settings: { worldChat: message.worldChat, spaceChat: message.spaceChat },
      };
    case 'chat.muted':
      return { type: 'chat.mutedChanged', muted: message.muted };
    default:
      return null;
  }
}

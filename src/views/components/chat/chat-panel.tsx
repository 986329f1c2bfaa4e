import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ChatChannelKey } from '../../../domain/chat';
import type { chatMachine } from '../../../machines/chat.machine';
import {
  canLoadOlder,
  chatPhase,
  isHistoryUnavailable,
  isLoadingHistory,
  isModerator,
  selectChannels,
  selectChatErrors,
  selectMessages,
  selectMutedUserIds,
  selectOpenChannel,
  selectUserId,
} from '../../../machines/chat.selectors';
import { setChatMute } from '../../../services/chat-api';
import type { PresenceStore } from '../../../services/realtime/presence';
import { useAction } from '../../hooks/use-action';
import { useApi } from '../../hooks/use-api';
import { ErrorSummary } from '../form/error-summary';
import { ChatComposer } from './chat-composer';
import { ChatMessageItem } from './chat-message';
import { ChatModeration } from './chat-moderation';
import './chat.css';

type Chat = ActorRefFrom<typeof chatMachine>;

/**
 * The chat of a world (docs/product.md §4 チャット): the channels with their unread counts, the
 * open channel's messages as a log (new ones announced politely, once), older ones on scroll or
 * by the button, and the composer. Mounted means on screen: the open channel is read.
 */
export function ChatPanel({
  chat,
  isOwner,
  people,
}: {
  chat: Chat;
  isOwner: boolean;
  people: PresenceStore;
}) {
  const phase = useSelector(chat, chatPhase);
  const errors = useSelector(chat, selectChatErrors);
  const moderator = useSelector(chat, isModerator);
  useEffect(() => {
    chat.send({ type: 'chat.shown' });
    return () => chat.send({ type: 'chat.hidden' });
  }, [chat]);

  if (phase === 'loading') return <p role="status">チャットを読み込んでいます…</p>;
  if (phase === 'failed')
    return (
      <div role="alert">
        <p>チャットを読み込めませんでした。{errors.join(' ')}</p>
        <button type="button" className="button" onClick={() => chat.send({ type: 'chat.retry' })}>
          もう一度読み込む
        </button>
      </div>
    );
  return (
    <div className="chat-panel">
      <ChannelList chat={chat} />
      <MessageLog chat={chat} people={people} />
      <ChatComposer chat={chat} />
      {moderator && (
        <ChatModeration
          chat={chat}
          worldId={chat.getSnapshot().context.worldId}
          isOwner={isOwner}
        />
      )}
    </div>
  );
}

function ChannelList({ chat }: { chat: Chat }) {
  const channels = useSelector(chat, selectChannels);
  const open = useSelector(chat, selectOpenChannel);
  return (
    <nav aria-label="チャンネル">
      <ul className="chat-channels">
        {channels.map((c) => (
          <li key={c.channel}>
            <button
              type="button"
              className="chat-channel"
              aria-current={c.channel === open ? 'true' : undefined}
              onClick={() =>
                chat.send({ type: 'chat.open', channel: c.channel as ChatChannelKey, name: c.name })
              }
            >
              {c.kind === 'direct' ? `DM: ${c.name}` : c.name}
              {c.unreadCount > 0 && (
                <span className="chat-unread">
                  {c.unreadCount}
                  <span className="visually-hidden">件の未読</span>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MessageLog({ chat, people }: { chat: Chat; people: PresenceStore }) {
  const api = useApi();
  const messages = useSelector(chat, selectMessages);
  const open = useSelector(chat, selectOpenChannel);
  const channels = useSelector(chat, selectChannels);
  const userId = useSelector(chat, selectUserId);
  const moderator = useSelector(chat, isModerator);
  const mutedAtStart = useSelector(chat, selectMutedUserIds);
  // Mutes made from this page since the list was read (the socket tells only the muted person).
  const [changed, setChanged] = useState<Record<string, boolean>>({});
  const isMuted = (id: string) => changed[id] ?? mutedAtStart.includes(id);
  const loading = useSelector(chat, isLoadingHistory);
  const unavailable = useSelector(chat, isHistoryUnavailable);
  const older = useSelector(chat, canLoadOlder);
  const mute = useAction();
  const box = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  const name = channels.find((c) => c.channel === open)?.name ?? '';

  // The newest message in view when it arrives (older ones loaded above do not scroll).
  useEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  const toggleMute = (senderId: string, on: boolean) =>
    void mute.run(async () => {
      try {
        await setChatMute(api, chat.getSnapshot().context.worldId, senderId, on);
        setChanged((now) => ({ ...now, [senderId]: on }));
      } catch (error) {
        return (error as { messages?: string[] }).messages ?? ['操作できませんでした。'];
      }
    });

  return (
    <div
      ref={box}
      className="chat-log"
      role="log"
      aria-live="polite"
      aria-label={`${name}のメッセージ`}
      // While a page of history loads the log is busy: its messages are not news to announce.
      aria-busy={loading || undefined}
      tabIndex={0}
      onScroll={(event) => {
        if (older && !loading && event.currentTarget.scrollTop < 40)
          chat.send({ type: 'chat.loadOlder' });
      }}
    >
      <ErrorSummary
        messages={mute.errors}
        focusKey={mute.failures}
        title="操作できませんでした。"
      />
      {older && (
        <button
          type="button"
          className="button-link"
          onClick={() => chat.send({ type: 'chat.loadOlder' })}
        >
          古いメッセージを読み込む
        </button>
      )}
      {loading && <p role="status">メッセージを読み込んでいます…</p>}
      {unavailable && (
        <p>
          メッセージを読み込めませんでした。{' '}
          <button
            type="button"
            className="button-link"
            onClick={() => chat.send({ type: 'chat.retry' })}
          >
            もう一度読み込む
          </button>
        </p>
      )}
      {!loading && !unavailable && messages.length === 0 && <p>まだメッセージはありません。</p>}
      <ol className="chat-messages">
        {messages.map((m) => (
          <ChatMessageItem
            key={m.id}
            message={m}
            people={people}
            canDelete={moderator || m.senderId === userId}
            muteLabel={
              moderator && m.senderId !== userId && m.senderRole !== 'owner'
                ? isMuted(m.senderId)
                  ? '発言を許可'
                  : '発言を止める'
                : null
            }
            onDelete={() => chat.send({ type: 'chat.delete', messageId: m.id })}
            onMute={() => toggleMute(m.senderId, !isMuted(m.senderId))}
            onDirect={
              m.senderId === userId || m.kind === 'direct'
                ? null
                : () =>
                    chat.send({
                      type: 'chat.open',
                      channel: `direct:${m.senderId}`,
                      name: m.senderName,
                    })
            }
          />
        ))}
      </ol>
    </div>
  );
}

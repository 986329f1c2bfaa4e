import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { chatMachine } from '../../../machines/chat.machine';
import { selectNotice, selectUnreadTotal } from '../../../machines/chat.selectors';
import type { PresenceStore } from '../../../services/realtime/presence';

type ChatActor = ActorRefFrom<typeof chatMachine>;

// The panel (its messages, links, composer and moderation) loads when the chat is first opened:
// the meeting page carries only the toolbar's button and the notices (docs/decisions/018-page-budget.md).
const ChatPanel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })));

/** The unread count on the toolbar's 「チャット」 button, said as 「n件の未読」. */
export function ChatUnread({ chat }: { chat: ChatActor }) {
  const unread = useSelector(chat, selectUnreadTotal);
  if (unread === 0) return null;
  return (
    <span className="chat-unread">
      {unread}
      <span className="visually-hidden">件の未読</span>
    </span>
  );
}

/** The chat's notices (a mention, being muted), told politely even while the chat is closed. */
export function ChatNotice({ chat }: { chat: ChatActor }) {
  const notice = useSelector(chat, selectNotice);
  return (
    <div role="status" className="chat-notice">
      {notice && (
        <>
          {notice}{' '}
          <button
            type="button"
            className="button-link"
            onClick={() => chat.send({ type: 'chat.dismissNotice' })}
          >
            閉じる
          </button>
        </>
      )}
    </div>
  );
}

/** The chat's side panel (side-panels.tsx), loaded on first opening. */
export function ChatSidePanel({
  chat,
  isOwner,
  people,
}: {
  chat: ChatActor;
  isOwner: boolean;
  /** Who is in the world: the senders' icons come from there. */
  people: PresenceStore;
}) {
  return (
    <Suspense fallback={<p role="status">チャットを読み込んでいます…</p>}>
      <ChatPanel chat={chat} isOwner={isOwner} people={people} />
    </Suspense>
  );
}

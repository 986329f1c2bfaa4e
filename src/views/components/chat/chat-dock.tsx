import { useSelector } from '@xstate/react';
import { lazy, Suspense, useId, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { chatMachine } from '../../../machines/chat.machine';
import { selectNotice, selectUnreadTotal } from '../../../machines/chat.selectors';

// The panel (its messages, links, composer and moderation) loads when the chat is first opened:
// the meeting page carries only this button (docs/decisions/018-page-budget.md).
const ChatPanel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })));

/**
 * 「チャット」: a button with the unread count that opens the chat beside the meeting (a sheet
 * over it on a phone, above the meeting's controls), and the chat's notices (a mention, being
 * muted), told politely even while the chat is closed.
 */
export function ChatDock({
  chat,
  isOwner,
}: {
  chat: ActorRefFrom<typeof chatMachine>;
  isOwner: boolean;
}) {
  const [open, setOpen] = useState(false);
  const unread = useSelector(chat, selectUnreadTotal);
  const notice = useSelector(chat, selectNotice);
  const id = useId();
  return (
    <div className="chat-dock">
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
      <button
        type="button"
        className="button chat-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((now) => !now)}
      >
        チャット
        {unread > 0 && (
          <span className="chat-unread">
            {unread}
            <span className="visually-hidden">件の未読</span>
          </span>
        )}
      </button>
      {open && (
        <section id={id} className="chat-sheet" aria-label="チャット">
          <button type="button" className="button-link chat-close" onClick={() => setOpen(false)}>
            チャットを閉じる
          </button>
          <Suspense fallback={<p role="status">チャットを読み込んでいます…</p>}>
            <ChatPanel chat={chat} isOwner={isOwner} />
          </Suspense>
        </section>
      )}
    </div>
  );
}

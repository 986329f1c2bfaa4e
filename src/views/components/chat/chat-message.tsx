import { chatTexts, linkify } from '../../../domain/chat';
import { formatTime } from '../../../domain/time-zone';
import { memberRoleLabels } from '../../../domain/roles';
import type { ChatMessage } from '../../../services/chat-api';
import type { PresenceStore } from '../../../services/realtime/presence';
import { PersonIcon } from '../meeting/person-icon';

/**
 * One message: time (HH:mm, Asia/Tokyo), the sender's icon, name, role, a guest's badge, and the text. The text is
 * only ever text nodes and http(s) links (docs/product.md §4 チャット): never HTML.
 */
export function ChatMessageItem({
  message,
  people,
  canDelete,
  muteLabel,
  onDelete,
  onMute,
  onDirect,
}: {
  message: ChatMessage;
  /** Who is in the world: the sender's icon comes from there. */
  people: PresenceStore;
  canDelete: boolean;
  /** Opens a direct channel with the sender; null for one's own messages and in a DM. */
  onDirect: (() => void) | null;
  /** 「発言を止める」 or 「発言を許可」 for owner and staff; null when it does not apply. */
  muteLabel: string | null;
  onDelete: () => void;
  onMute: () => void;
}) {
  const role = memberRoleLabels[message.senderRole];
  return (
    <li className="chat-message">
      <div className="chat-message-head">
        <time dateTime={message.createdAt}>{formatTime(message.createdAt, 'Asia/Tokyo')}</time>{' '}
        <PersonIcon people={people} userId={message.senderId} name={message.senderName} />
        <span className="chat-sender">{message.senderName}</span>{' '}
        <span className="chat-role">（{role}）</span>
        {message.senderBadge && (
          <span className="chat-badge">
            <span
              className="chat-badge-dot"
              style={{ backgroundColor: message.senderBadge.color }}
              aria-hidden="true"
            />
            {message.senderBadge.label}
          </span>
        )}
      </div>
      {message.deleted || message.body === null ? (
        <p className="chat-body chat-deleted">{chatTexts.deleted}</p>
      ) : (
        <p className="chat-body">
          {linkify(message.body).map((segment, i) =>
            segment.kind === 'link' ? (
              <a key={i} href={segment.href} target="_blank" rel="noopener noreferrer">
                {segment.text}
              </a>
            ) : (
              segment.text
            ),
          )}
        </p>
      )}
      {(canDelete || muteLabel || onDirect) && !message.deleted && (
        <div className="chat-message-actions">
          {onDirect && (
            <button type="button" className="button-link" onClick={onDirect}>
              {message.senderName}さんにDMを送る
            </button>
          )}
          {canDelete && (
            <button type="button" className="button-link" onClick={onDelete}>
              削除
              <span className="visually-hidden">（{message.senderName}さんのメッセージ）</span>
            </button>
          )}
          {muteLabel && (
            <button type="button" className="button-link" onClick={onMute}>
              {message.senderName}さんの{muteLabel}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../services/chat-api';
import type { PresenceStore } from '../../../services/realtime/presence';
import { ChatMessageItem } from './chat-message';

// docs/product.md §4 チャット: nothing in a message is ever rendered as HTML; only http(s) URLs
// become links, opened in a new tab with rel="noopener noreferrer"; the time is HH:mm in Asia/Tokyo.

const message = (body: string | null, deleted = false): ChatMessage => ({
  id: 'm1',
  kind: 'world',
  spaceId: null,
  recipientId: null,
  senderId: 'u1',
  senderName: '佐藤 <b>太郎</b>',
  senderRole: 'guest',
  senderBadge: { label: '協賛', color: '#ff0000' },
  body,
  deleted,
  mentionedUserIds: [],
  createdAt: '2026-11-27T05:05:00.000Z',
});

/** Who is in the world: the sender with `iconUrl`, or nobody. */
const people = (iconUrl?: string): PresenceStore => ({
  get: () =>
    new Map(
      iconUrl
        ? [
            [
              'u1',
              {
                userId: 'u1',
                name: '佐藤',
                isGuest: true,
                iconUrl,
                role: 'guest',
                spaceId: null,
                nowDoing: null,
              },
            ],
          ]
        : [],
    ),
  subscribe: () => () => {},
  dispose: () => {},
});

const render = (m: ChatMessage, presence = people()) =>
  renderToStaticMarkup(
    <ChatMessageItem
      message={m}
      people={presence}
      canDelete={false}
      muteLabel={null}
      onDelete={() => {}}
      onMute={() => {}}
      onDirect={null}
    />,
  );

describe('ChatMessageItem', () => {
  it('shows markup in a message or a name as text, never as elements', () => {
    const html = render(message('<img src=x onerror=alert(1)> javascript:alert(1)'));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; javascript:alert(1)');
    expect(html).not.toContain('href="javascript');
  });

  it('links http(s) URLs to open in a new tab without the opener', () => {
    const html = render(message('資料 https://example.com/a?b=1 です'));
    expect(html).toContain(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">https://example.com/a?b=1</a>',
    );
  });

  it('shows the time in Asia/Tokyo, the role and the badge, and a deleted message as deleted', () => {
    const html = render(message(null, true));
    expect(html).toContain('>14:05</time>');
    expect(html).toContain('（ゲスト）');
    expect(html).toContain('協賛');
    expect(html).toContain('削除されたメッセージ');
  });

  it('shows the sender’s icon beside the name, else their initials', () => {
    const iconUrl = 'http://app.test/files/userIcon/u1/a.png';
    expect(render(message('こんにちは'), people(iconUrl))).toContain(
      `<img class="avatar-icon" src="${iconUrl}" alt=""/>`,
    );
    const initials = render(message('こんにちは'));
    expect(initials).toMatch(/<span class="avatar" data-icon="initials"[^>]*>佐<\/span>/);
  });
});

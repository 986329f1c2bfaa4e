import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../services/errors/api-error';
import type { ChatMessage, ChatMessagePage, ChatOverview } from '../services/chat-api';
import { chatMessage, chatOverview } from './chat.examples';
import { chatMachine } from './chat.machine';
import {
  chatEventFromRealtime,
  chatPhase,
  composerNotice,
  composerPhase,
  selectChannels,
  selectChatErrors,
  selectMessages,
  selectNotice,
  selectOpenChannel,
  selectPending,
  selectUnreadTotal,
} from './chat.selectors';

// Expected results from docs/product.md §4 チャット.

const me = 'me';
const other = 'sato';
const table = 't1';
const msg = chatMessage;
const overview = (fields: Partial<ChatOverview> = {}) => chatOverview(me, 0, fields);

function start({
  history = async () => ({ items: [msg('m1')], hasOlder: false }),
  post = async ({ body }: { body: string }) => msg('sent', { senderId: me, body }),
  over = async () => overview(),
}: {
  history?: (input: { channel: string; before: string | null }) => Promise<ChatMessagePage>;
  post?: (input: { body: string }) => Promise<ChatMessage>;
  over?: () => Promise<ChatOverview>;
} = {}) {
  const markRead = vi.fn();
  const actor = createActor(
    chatMachine.provide({
      actors: {
        loadOverview: fromPromise(over),
        loadHistory: fromPromise(({ input }) => history(input)),
        postMessage: fromPromise(({ input }) => post(input)),
      },
      actions: {
        markRead: (_, params) => markRead(params),
        deleteMessage: () => {},
      },
    }),
    { input: { worldId: 'w' } },
  ).start();
  return { actor, markRead };
}

const shown = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => s.matches({ ready: { history: 'shown' } }));

describe('chat machine', () => {
  it('opens the world channel with its history and reads it', async () => {
    const { actor, markRead } = start();
    await shown(actor);
    expect(selectOpenChannel(actor.getSnapshot())).toBe('world');
    expect(selectMessages(actor.getSnapshot()).map((m) => m.id)).toEqual(['m1']);
    expect(markRead).toHaveBeenCalledWith({ channel: 'world', messageId: 'm1' });
  });

  it('counts messages of others as unread while the panel is hidden or another channel is open', async () => {
    const { actor, markRead } = start();
    await shown(actor);
    markRead.mockClear();
    actor.send({ type: 'chat.hidden' });
    actor.send({ type: 'chat.received', message: msg('m2') });
    actor.send({ type: 'chat.received', message: msg('d1', { kind: 'direct', recipientId: me }) });
    expect(markRead).not.toHaveBeenCalled();
    expect(selectUnreadTotal(actor.getSnapshot())).toBe(2);
    expect(
      selectChannels(actor.getSnapshot()).find((c) => c.channel === `direct:${other}`),
    ).toMatchObject({
      name: '佐藤',
      unreadCount: 1,
    });
    actor.send({ type: 'chat.shown' });
    expect(markRead).toHaveBeenCalledWith({ channel: 'world', messageId: 'm2' });
    expect(selectUnreadTotal(actor.getSnapshot())).toBe(1);
    // The visitor's own messages are never unread.
    actor.send({
      type: 'chat.received',
      message: msg('d2', { kind: 'direct', senderId: me, recipientId: other }),
    });
    expect(selectUnreadTotal(actor.getSnapshot())).toBe(1);
  });

  it('tells the person named with @name, once', async () => {
    const { actor } = start();
    await shown(actor);
    actor.send({ type: 'chat.received', message: msg('m2', { mentionedUserIds: [me] }) });
    expect(selectNotice(actor.getSnapshot())).toBe('佐藤さんがあなたをメンションしました');
    actor.send({ type: 'chat.dismissNotice' });
    expect(selectNotice(actor.getSnapshot())).toBeNull();
  });

  it('keeps a failed send with the reason until 再送信 or 取り消す', async () => {
    let fail = true;
    const { actor } = start({
      post: async ({ body }) => {
        if (fail)
          throw new ApiError(429, [
            '送信が速すぎます。5秒間に送れるメッセージは5件までです。少し待ってから送ってください。',
          ]);
        return msg('sent', { senderId: me, body });
      },
    });
    await shown(actor);
    actor.send({ type: 'chat.send', body: '  よろしく \n' });
    await waitFor(actor, (s) => composerPhase(s) === 'failedSend');
    expect(selectPending(actor.getSnapshot())).toEqual({ channel: 'world', body: 'よろしく' });
    expect(selectChatErrors(actor.getSnapshot())[0]).toContain('5秒間に送れるメッセージは5件まで');
    fail = false;
    actor.send({ type: 'chat.retry' });
    await waitFor(actor, (s) => composerPhase(s) === 'writable');
    expect(selectPending(actor.getSnapshot())).toBeNull();
    // The answer and the socket's echo are one message.
    actor.send({ type: 'chat.received', message: msg('sent', { senderId: me, body: 'よろしく' }) });
    expect(selectMessages(actor.getSnapshot()).map((m) => m.id)).toEqual(['m1', 'sent']);
  });

  it('refuses a blank text in the browser with 入力してください。', async () => {
    const post = vi.fn();
    const { actor } = start({ post });
    await shown(actor);
    actor.send({ type: 'chat.send', body: ' 　\n' });
    expect(selectChatErrors(actor.getSnapshot())).toEqual(['入力してください。']);
    expect(post).not.toHaveBeenCalled();
  });

  it('says why the composer takes no text: muted, chat off, another space', async () => {
    const { actor } = start();
    await shown(actor);
    actor.send({ type: 'chat.mutedChanged', muted: true });
    expect(composerNotice(actor.getSnapshot())).toBe('チャットでの発言を止められています。');
    expect(selectNotice(actor.getSnapshot())).toBe(
      'オーナーまたはスタッフがあなたのチャットでの発言を止めました。',
    );
    actor.send({ type: 'chat.mutedChanged', muted: false });
    expect(composerPhase(actor.getSnapshot())).toBe('writable');
    actor.send({ type: 'chat.settingsChanged', settings: { worldChat: false, spaceChat: true } });
    expect(composerNotice(actor.getSnapshot())).toBe(
      'ワールド全体のチャットはオフになっています。',
    );
    actor.send({ type: 'chat.open', channel: 'space:elsewhere', name: 'テーブル2' });
    expect(composerNotice(actor.getSnapshot())).toBe(
      'このスペースにいないため、ここには書き込めません。',
    );
    actor.send({ type: 'chat.settingsChanged', settings: { worldChat: true, spaceChat: false } });
    expect(composerNotice(actor.getSnapshot())).toBe('スペースのチャットはオフになっています。');
  });

  it('follows the visitor’s moves: the open space channel becomes the next one’s', async () => {
    const channels: string[] = [];
    let spaceNow = table;
    const space = (id: string, name: string) => ({
      channel: `space:${id}` as const,
      kind: 'space' as const,
      spaceId: id,
      userId: null,
      name,
      unreadCount: 0,
      lastReadMessageId: null,
    });
    const { actor } = start({
      history: async ({ channel }) => {
        channels.push(channel);
        return { items: [], hasOlder: false };
      },
      over: async () => {
        const base = overview();
        return {
          ...base,
          items: [...base.items, space(spaceNow, spaceNow === table ? 'テーブル1' : 'テーブル2')],
        };
      },
    });
    actor.send({ type: 'chat.spaceChanged', spaceId: table });
    await shown(actor);
    actor.send({ type: 'chat.open', channel: `space:${table}`, name: 'テーブル1' });
    await shown(actor);
    spaceNow = 't2';
    actor.send({ type: 'chat.spaceChanged', spaceId: 't2' });
    await shown(actor);
    await waitFor(actor, (s) => s.matches({ ready: { channels: 'idle' } }));
    expect(selectOpenChannel(actor.getSnapshot())).toBe('space:t2');
    expect(channels).toEqual(['world', `space:${table}`, 'space:t2']);
    expect(selectChannels(actor.getSnapshot()).map((c) => c.name)).toEqual([
      'ワールド全体',
      'テーブル2',
    ]);
  });

  it('loads older messages before the ones shown', async () => {
    const { actor } = start({
      history: async ({ before }) =>
        before ? { items: [msg('m0')], hasOlder: false } : { items: [msg('m1')], hasOlder: true },
    });
    await shown(actor);
    actor.send({ type: 'chat.loadOlder' });
    await shown(actor);
    expect(selectMessages(actor.getSnapshot()).map((m) => m.id)).toEqual(['m0', 'm1']);
  });

  it('shows a deleted message as deleted, in its place', async () => {
    const { actor } = start();
    await shown(actor);
    actor.send(
      chatEventFromRealtime({
        type: 'chat.deleted',
        message: msg('m1', { body: null, deleted: true }),
      })!,
    );
    expect(selectMessages(actor.getSnapshot())).toMatchObject([
      { id: 'm1', deleted: true, body: null },
    ]);
  });

  it('says so when the channels cannot be read', async () => {
    const actor = createActor(
      chatMachine.provide({
        actors: {
          loadOverview: fromPromise(async (): Promise<ChatOverview> => {
            throw new ApiError(0, ['通信できませんでした。']);
          }),
        },
      }),
      { input: { worldId: 'w' } },
    ).start();
    await waitFor(actor, (s) => chatPhase(s) === 'failed');
    expect(selectChatErrors(actor.getSnapshot())).toEqual(['通信できませんでした。']);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages, spaces, users, worldUserSpaces } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, listenWithSockets, type RealtimeClient as Socket } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

// Chat in a world: channels, delivery and bad input (docs/product.md §4 チャット, ADR 029).
// Expected answers and texts are the product's rules, word for word.

const t = useTestServer();
const open = listenWithSockets(t);
const people = worldPeople(t);

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
};
const call = (headers: AuthHeaders, { method, url, payload }: Call) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const post = (headers: AuthHeaders, worldId: string, channel: string, body: string) =>
  call(headers, {
    method: 'POST',
    url: `/api/worlds/${worldId}/chat_messages`,
    payload: { channel, body },
  });
const history = (headers: AuthHeaders, worldId: string, channel: string, before?: string) =>
  call(headers, {
    method: 'GET',
    url: `/api/worlds/${worldId}/chat_messages?channel=${channel}${before ? `&before=${before}` : ''}`,
  });
const stored = async (worldId: string) =>
  t.database.db.select().from(chatMessages).where(eq(chatMessages.worldId, worldId));

async function named(id: string, name: string) {
  await t.database.db.update(users).set({ name }).where(eq(users.id, id));
}

/** A world with two tables, the owner, three users (two at table A, one at table B). */
async function tables() {
  const { owner, world, members, mainSpace } = await people.world(['user', 'user', 'user']);
  const [a, b, c] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
  const [tableA, tableB] = await t.database.db
    .insert(spaces)
    .values([
      { worldId: world.id, name: 'テーブルA', kind: 'table', capacity: 6 },
      { worldId: world.id, name: 'テーブルB', kind: 'table', capacity: 6 },
    ])
    .returning({ id: spaces.id });
  await t.database.db.insert(worldUserSpaces).values([
    { worldId: world.id, userId: a.id, spaceId: tableA!.id },
    { worldId: world.id, userId: b.id, spaceId: tableA!.id },
    { worldId: world.id, userId: c.id, spaceId: tableB!.id },
    { worldId: world.id, userId: owner.id, spaceId: mainSpace! },
  ]);
  await named(a.id, '青木');
  await named(b.id, '馬場');
  await named(c.id, '千葉');
  return { owner, world, a, b, c, tableA: tableA!.id, tableB: tableB!.id };
}

describe(`chat channels and delivery, on ${testDbKind}`, () => {
  it('delivers a table’s messages to the table (and owner and staff), the world’s to everyone', async () => {
    const { owner, world, a, b, c, tableA } = await tables();
    const sockets = await Promise.all(
      [a, b, c, owner].map((p, i) => connect(t.app, p.headers, world.id, `p${i}`)),
    );
    const [sa, sb, sc, so] = sockets as [Socket, Socket, Socket, Socket];
    open.push(sa, sb, sc, so);

    const sent = await post(a.headers, world.id, `space:${tableA}`, '  テーブルAだけの話 ');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      kind: 'space',
      spaceId: tableA,
      senderId: a.id,
      senderName: '青木',
      senderRole: 'user',
      body: 'テーブルAだけの話',
      deleted: false,
    });
    const id = sent.json().id as string;
    expect((await sb.next('chat.message', (m) => m.message.id === id)).message.body).toBe(
      'テーブルAだけの話',
    );
    await so.next('chat.message', (m) => m.message.id === id);
    expect(await sc.none('chat.message')).toBe(true);

    // The one at another table can neither read nor write table A.
    expect((await history(c.headers, world.id, `space:${tableA}`)).json()).toEqual({
      errors: ['このスペースにいないため、ここには書き込めません。'],
    });
    const intruder = await post(c.headers, world.id, `space:${tableA}`, 'おじゃまします');
    expect(intruder.statusCode).toBe(422);
    expect(intruder.json()).toEqual({
      errors: ['このスペースにいないため、ここには書き込めません。'],
    });
    // Owner and staff read every space, and speak where they are.
    expect((await history(owner.headers, world.id, `space:${tableA}`)).json().items).toHaveLength(
      1,
    );
    expect((await post(owner.headers, world.id, `space:${tableA}`, 'こんにちは')).statusCode).toBe(
      422,
    );

    const toAll = await post(c.headers, world.id, 'world', 'みなさんこんにちは');
    expect(toAll.statusCode, toAll.body).toBe(201);
    for (const socket of [sa, sb, sc, so])
      await socket.next('chat.message', (m) => m.message.id === toAll.json().id);
    expect(await stored(world.id)).toHaveLength(2);
  });

  it('delivers a direct message only to its person, and refuses one to someone not in the world', async () => {
    const { world, a, b, c } = await tables();
    const sockets = await Promise.all(
      [a, b, c].map((p, i) => connect(t.app, p.headers, world.id, `d${i}`)),
    );
    const [sa, sb, sc] = sockets as [Socket, Socket, Socket];
    open.push(sa, sb, sc);
    const sent = await post(a.headers, world.id, `direct:${c.id}`, '千葉さん、あとで');
    expect(sent.statusCode, sent.body).toBe(201);
    await sc.next('chat.message', (m) => m.message.recipientId === c.id);
    await sa.next('chat.message', (m) => m.message.recipientId === c.id);
    expect(await sb.none('chat.message')).toBe(true);
    // Both name the channel by the other person, and read the same history.
    expect((await history(c.headers, world.id, `direct:${a.id}`)).json().items).toHaveLength(1);
    expect((await history(b.headers, world.id, `direct:${a.id}`)).json().items).toHaveLength(0);

    const stranger = await people.stranger();
    const refused = await post(a.headers, world.id, `direct:${stranger.id}`, 'こんにちは');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: ['相手はこのワールドにいません。'] });
    expect(await stored(world.id)).toHaveLength(1);
  });

  it('lets a watcher of the stage (in no space) write in the world channel', async () => {
    const { world, members } = await people.world(['user']);
    const watcher = members[0]!;
    // A watcher takes no seat: no row in world_user_spaces (ADR 026).
    const sent = await post(watcher.headers, world.id, 'world', '配信を見ています');
    expect(sent.statusCode, sent.body).toBe(201);
    const channels = (
      await call(watcher.headers, { method: 'GET', url: `/api/worlds/${world.id}/chat_channels` })
    ).json();
    expect(channels.items.map((c: { channel: string }) => c.channel)).toEqual(['world']);
  });

  it('names the people mentioned with @name', async () => {
    const { world, a, b } = await tables();
    const sent = await post(a.headers, world.id, 'world', '@馬場 よろしくお願いします');
    expect(sent.json().mentionedUserIds).toEqual([b.id]);
  });

  it('opens the history at the latest 50 and pages older ones by cursor', async () => {
    const { owner, world } = await people.world([]);
    const base = new Date('2026-11-27T00:00:00Z').getTime();
    await t.database.db.insert(chatMessages).values(
      Array.from({ length: 120 }, (_, i) => ({
        worldId: world.id,
        channelKey: 'world',
        kind: 'world' as const,
        senderId: owner.id,
        senderName: 'オーナー',
        senderRole: 'owner' as const,
        body: `メッセージ${i + 1}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const latest = (await history(owner.headers, world.id, 'world')).json();
    expect(latest.items).toHaveLength(50);
    expect(latest.items[0].body).toBe('メッセージ71');
    expect(latest.items[49].body).toBe('メッセージ120');
    expect(latest.hasOlder).toBe(true);
    const older = (await history(owner.headers, world.id, 'world', latest.items[0].id)).json();
    expect(older.items.map((m: { body: string }) => m.body).at(-1)).toBe('メッセージ70');
    const oldest = (await history(owner.headers, world.id, 'world', older.items[0].id)).json();
    expect(oldest.items).toHaveLength(20);
    expect(oldest.hasOlder).toBe(false);
  });

  it('keeps unread counts on the server: they survive a reload', async () => {
    const { world, a, b } = await tables();
    const channels = async () =>
      (
        await call(b.headers, { method: 'GET', url: `/api/worlds/${world.id}/chat_channels` })
      ).json() as { items: { channel: string; unreadCount: number }[] };
    await post(a.headers, world.id, 'world', '1つめ');
    const second = (await post(a.headers, world.id, 'world', '2つめ')).json();
    await post(b.headers, world.id, 'world', '自分の');
    expect((await channels()).items.find((c) => c.channel === 'world')?.unreadCount).toBe(2);
    const read = await call(b.headers, {
      method: 'PUT',
      url: `/api/worlds/${world.id}/chat_read_positions`,
      payload: { channel: 'world', messageId: second.id },
    });
    expect(read.statusCode, read.body).toBe(204);
    expect((await channels()).items.find((c) => c.channel === 'world')?.unreadCount).toBe(0);
  });
});

describe(`chat bad input, on ${testDbKind}`, () => {
  const cases: [string, string, number, string][] = [
    ['an empty message', '', 422, 'body: 入力してください。'],
    ['a blank message', ' \n\t　', 422, 'body: 入力してください。'],
    ['1,001 characters', 'あ'.repeat(1001), 400, 'body: 1000文字以下で入力してください。'],
    [
      'U+0000',
      'a\u0000b',
      400,
      'body: 使用できない文字（U+0000 などの制御文字や不正な文字）が含まれています。',
    ],
    [
      'HTML and script',
      '<script>alert(1)</script>',
      422,
      'body: HTMLのタグは送れません。文字だけで入力してください。',
    ],
  ];

  it.each(cases)(
    'refuses %s with a Japanese message and stores nothing',
    async (_, body, status, error) => {
      const { world, members } = await people.world(['user']);
      const res = await post(members[0]!.headers, world.id, 'world', body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ errors: [error] });
      expect(await stored(world.id)).toHaveLength(0);
    },
  );

  it('refuses a lone surrogate', async () => {
    const { world, members } = await people.world(['user']);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.id}/chat_messages`,
      headers: { ...members[0]!.headers, 'content-type': 'application/json' },
      payload: '{"channel":"world","body":"a\\ud800b"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: ['body: 使用できない文字（U+0000 などの制御文字や不正な文字）が含まれています。'],
    });
    expect(await stored(world.id)).toHaveLength(0);
  });

  it('refuses a flood past 5 messages in 5 seconds, keeping the 5 accepted', async () => {
    const { world, members } = await people.world(['user']);
    const answers = [];
    for (let i = 1; i <= 6; i += 1)
      answers.push(await post(members[0]!.headers, world.id, 'world', `連投${i}`));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[5]!.statusCode).toBe(429);
    expect(answers[5]!.json()).toEqual({
      errors: [
        '送信が速すぎます。5秒間に送れるメッセージは5件までです。少し待ってから送ってください。',
      ],
    });
    expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const kept = await t.database.db
      .select({ body: chatMessages.body })
      .from(chatMessages)
      .where(and(eq(chatMessages.worldId, world.id)));
    expect(kept.map((m) => m.body).sort()).toEqual(['連投1', '連投2', '連投3', '連投4', '連投5']);
  });

  it('answers a stranger 404 and keeps the world unprobed', async () => {
    const { world } = await people.world([]);
    const stranger = await people.stranger();
    expect((await post(stranger.headers, world.id, 'world', 'やあ')).statusCode).toBe(404);
  });
});

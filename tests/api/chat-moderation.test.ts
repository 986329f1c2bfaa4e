import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  chatMessages,
  chatReadPositions,
  spaces,
  worldRemovals,
  worldUserSpaces,
} from '../../server/db/schema';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, listenWithSockets } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

// Chat moderation, export and lifetime (docs/product.md §4 チャット, ADR 029).

const t = useTestServer();
const open = listenWithSockets(t);
const people = worldPeople(t);

const inject = (
  headers: AuthHeaders,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const post = (headers: AuthHeaders, worldId: string, channel: string, body: string) =>
  inject(headers, 'POST', `/api/worlds/${worldId}/chat_messages`, { channel, body });
const stored = async (worldId: string) =>
  t.database.db.select().from(chatMessages).where(eq(chatMessages.worldId, worldId));

describe(`chat moderation, on ${testDbKind}`, () => {
  it('lets a person delete their own, owner and staff any; the history keeps 削除されたメッセージ', async () => {
    const { owner, world, members } = await people.world(['staff', 'user', 'user']);
    const [staff, user, other] = members as [
      (typeof members)[0],
      (typeof members)[0],
      (typeof members)[0],
    ];
    const socket = await connect(t.app, other.headers, world.id, 'other');
    open.push(socket);
    const mine = (await post(user.headers, world.id, 'world', '消します')).json();
    const theirs = (await post(other.headers, world.id, 'world', '残したい')).json();

    const refused = await inject(
      user.headers,
      'DELETE',
      `/api/worlds/${world.id}/chat_messages/${theirs.id}`,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: ['自分のメッセージだけを削除できます。'] });
    expect((await stored(world.id)).find((m) => m.id === theirs.id)?.body).toBe('残したい');

    const own = await inject(
      user.headers,
      'DELETE',
      `/api/worlds/${world.id}/chat_messages/${mine.id}`,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: mine.id, body: null, deleted: true });
    const told = await socket.next('chat.deleted', (m) => m.message.id === mine.id);
    expect(told.message.body).toBeNull();

    const byStaff = await inject(
      staff.headers,
      'DELETE',
      `/api/worlds/${world.id}/chat_messages/${theirs.id}`,
    );
    expect(byStaff.statusCode).toBe(200);
    const history = (
      await inject(owner.headers, 'GET', `/api/worlds/${world.id}/chat_messages?channel=world`)
    ).json();
    expect(history.items.map((m: { id: string; deleted: boolean }) => [m.id, m.deleted])).toEqual([
      [mine.id, true],
      [theirs.id, true],
    ]);
  });

  it('mutes a person until unmuted, tells them, and refuses their posts with a Japanese message', async () => {
    const { owner, world, members } = await people.world(['staff', 'user']);
    const [staff, user] = members as [(typeof members)[0], (typeof members)[0]];
    const socket = await connect(t.app, user.headers, world.id, 'muted');
    open.push(socket);
    const url = `/api/worlds/${world.id}/chat_mutes/${user.id}`;

    expect(
      (await inject(user.headers, 'PUT', `/api/worlds/${world.id}/chat_mutes/${staff.id}`))
        .statusCode,
    ).toBe(403);
    expect((await inject(staff.headers, 'PUT', url)).statusCode).toBe(204);
    expect((await socket.next('chat.muted')).muted).toBe(true);
    const refused = await post(user.headers, world.id, 'world', 'まだ話したい');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: ['チャットでの発言を止められています。'] });
    expect(await stored(world.id)).toHaveLength(0);
    const overview = (
      await inject(user.headers, 'GET', `/api/worlds/${world.id}/chat_channels`)
    ).json();
    expect(overview.muted).toBe(true);

    const ownerMute = await inject(
      staff.headers,
      'PUT',
      `/api/worlds/${world.id}/chat_mutes/${owner.id}`,
    );
    expect(ownerMute.statusCode).toBe(422);
    expect(ownerMute.json()).toEqual({ errors: ['オーナーの発言は止められません。'] });

    expect((await inject(owner.headers, 'DELETE', url)).statusCode).toBe(204);
    expect((await socket.next('chat.muted')).muted).toBe(false);
    expect((await post(user.headers, world.id, 'world', 'また話せます')).statusCode).toBe(201);
  });

  it('refuses posts from a kicked person', async () => {
    const { owner, world, members } = await people.world(['user']);
    const kicked = members[0]!;
    await t.database.db
      .insert(worldRemovals)
      .values({ worldId: world.id, userId: kicked.id, removedBy: owner.id, removedAt: new Date() });
    const refused = await post(kicked.headers, world.id, 'world', 'まだいます');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors: ['このワールドから退出させられたため、チャットに書き込めません。'],
    });
    expect(await stored(world.id)).toHaveLength(0);
  });

  it('turns world and space chat off and on (owner and staff), and everyone is told', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    await t.database.db
      .insert(worldUserSpaces)
      .values({ worldId: world.id, userId: user.id, spaceId: mainSpace! });
    const socket = await connect(t.app, user.headers, world.id, 'told');
    open.push(socket);
    const settings = `/api/worlds/${world.id}/chat_settings`;
    expect(
      (await inject(user.headers, 'PUT', settings, { worldChat: false, spaceChat: true }))
        .statusCode,
    ).toBe(403);
    const off = await inject(owner.headers, 'PUT', settings, {
      worldChat: false,
      spaceChat: false,
    });
    expect(off.json()).toEqual({ worldChat: false, spaceChat: false });
    expect(await socket.next('chat.settings')).toMatchObject({
      worldChat: false,
      spaceChat: false,
    });

    const world1 = await post(user.headers, world.id, 'world', 'こんにちは');
    expect(world1.statusCode).toBe(422);
    expect(world1.json()).toEqual({ errors: ['ワールド全体のチャットはオフになっています。'] });
    const space1 = await post(user.headers, world.id, `space:${mainSpace}`, 'こんにちは');
    expect(space1.statusCode).toBe(422);
    expect(space1.json()).toEqual({ errors: ['スペースのチャットはオフになっています。'] });
    expect(await stored(world.id)).toHaveLength(0);

    await inject(owner.headers, 'PUT', settings, { worldChat: true, spaceChat: true });
    expect(
      (await post(user.headers, world.id, `space:${mainSpace}`, 'こんにちは')).statusCode,
    ).toBe(201);
  });
});

describe(`chat export and lifetime, on ${testDbKind}`, () => {
  it('downloads the world and space channels as CSV, never direct messages, filtered by date', async () => {
    const { owner, world, members, mainSpace } = await people.world(['staff', 'user']);
    const [staff, user] = members as [(typeof members)[0], (typeof members)[0]];
    const row = (
      body: string | null,
      at: string,
      fields: Partial<typeof chatMessages.$inferInsert> = {},
    ) => ({
      worldId: world.id,
      channelKey: 'world',
      kind: 'world' as const,
      senderId: user.id,
      senderName: '山田 花子',
      senderRole: 'user' as const,
      body,
      createdAt: new Date(at),
      ...(body === null ? { deletedAt: new Date(at) } : {}),
      ...fields,
    });
    await t.database.db.insert(chatMessages).values([
      row('前日のもの', '2026-11-25T14:59:00Z'),
      row('=SUM(A1:A2)', '2026-11-25T15:00:00Z'),
      row('ホールで、"引用"も', '2026-11-26T01:00:00Z', {
        kind: 'space',
        spaceId: mainSpace!,
        channelKey: `space:${mainSpace}`,
      }),
      row('ひみつ', '2026-11-26T02:00:00Z', {
        kind: 'direct',
        recipientId: staff.id,
        channelKey: `direct:${[user.id, staff.id].sort().join(':')}`,
      }),
      row(null, '2026-11-26T03:00:00Z'),
      row('翌日のもの', '2026-11-26T15:00:00Z'),
    ]);
    const url = `/api/mypage/worlds/${world.id}/chat_messages_csv?from=2026-11-26&to=2026-11-26`;
    expect((await inject(staff.headers, 'GET', url)).statusCode).toBe(403);
    const csv = await inject(owner.headers, 'GET', url);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [hall] = await t.database.db
      .select({ name: spaces.name })
      .from(spaces)
      .where(eq(spaces.id, mainSpace!));
    // Days in the world's time zone (Asia/Tokyo): 2026-11-26 is 2026-11-25T15:00Z..2026-11-26T15:00Z.
    expect(csv.body).toBe(
      '\uFEFF' +
        [
          '日時,チャンネル,送信者,役割,バッジ,メッセージ',
          "2026/11/26 00:00,ワールド全体,山田 花子,参加者,,'=SUM(A1:A2)",
          `2026/11/26 10:00,${hall!.name},山田 花子,参加者,,"ホールで、""引用""も"`,
          '2026/11/26 12:00,ワールド全体,山田 花子,参加者,,削除されたメッセージ',
        ].join('\r\n') +
        '\r\n',
    );
    const backwards = await inject(
      owner.headers,
      'GET',
      `/api/mypage/worlds/${world.id}/chat_messages_csv?from=2026-11-27&to=2026-11-26`,
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toEqual({ errors: ['開始日は終了日より前にしてください。'] });
  });

  it('deletes the chat with its world', async () => {
    const { owner, world, members } = await people.world(['user']);
    const sent = (await post(members[0]!.headers, world.id, 'world', 'さようなら')).json();
    await inject(owner.headers, 'PUT', `/api/worlds/${world.id}/chat_read_positions`, {
      channel: 'world',
      messageId: sent.id,
    });
    const deleted = await inject(owner.headers, 'DELETE', `/api/mypage/worlds/${world.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await stored(world.id)).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(chatReadPositions)
        .where(eq(chatReadPositions.worldId, world.id)),
    ).toHaveLength(0);
  });
});

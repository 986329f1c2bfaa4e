import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { spaces, worldUserSpaces } from '../../server/db/schema';
import { layoutMessages } from '../../src/domain/layout';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

const t = useTestServer();
const people = worldPeople(t);

type Space = {
  id?: string;
  name: string;
  kind: 'hall' | 'stage' | 'table';
  x: number;
  y: number;
  width: number;
  height: number;
  capacity: number;
};
type Layout = {
  version: number;
  name: string;
  baseSpaceId: string | null;
  backgroundColor: string;
  backgroundImageUrl: string | null;
  spaces: (Space & { id: string; occupancy: number })[];
};

const getLayout = (headers: AuthHeaders, worldId: string) =>
  t.app.inject({ method: 'GET', url: `/api/mypage/layouts/${worldId}`, headers });

function save(
  headers: AuthHeaders,
  worldId: string,
  body: Partial<Omit<Layout, 'spaces'>> & { version: number; spaces: Space[] },
) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/mypage/layouts/${worldId}`,
    headers,
    payload: {
      name: '本番',
      baseSpaceId: null,
      backgroundColor: '#FFFFFF',
      backgroundImageUrl: null,
      ...body,
    },
  });
}

const hall: Space = {
  name: 'ホール',
  kind: 'hall',
  x: 0,
  y: 0,
  width: 600,
  height: 800,
  capacity: 50,
};
const table = (name: string, x: number, y: number, capacity = 4): Space => ({
  name,
  kind: 'table',
  x,
  y,
  width: 200,
  height: 200,
  capacity,
});

/** An owner's world saved once with a hall and two tables (version 1). */
async function savedWorld() {
  const setup = await people.world();
  const res = await save(setup.owner.headers, setup.world.id, {
    version: 0,
    spaces: [hall, table('テーブルA', 600, 0), table('テーブルB', 800, 0)],
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...setup, layout: res.json() as Layout };
}

/** A refused save leaves everything as it was. */
async function expectUnchanged(headers: AuthHeaders, worldId: string, before: Layout) {
  expect((await getLayout(headers, worldId)).json()).toEqual(before);
}

describe(`layouts on ${testDbKind}`, () => {
  it('lists the built-in base spaces', async () => {
    const { owner } = await people.world();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/mypage/base_spaces',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((b: { name: string }) => b.name)).toEqual([
      'ホワイト',
      'ウッド',
      'グリーン',
      'ナイト',
    ]);
  });

  it('answers a never-saved world its main hall over the whole grid at version 0, to every member', async () => {
    const { owner, world, members, mainSpace } = await people.world();
    for (const headers of [owner.headers, ...members.map((m) => m.headers)]) {
      const res = await getLayout(headers, world.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: world.id,
        worldId: world.id,
        version: 0,
        width: 1200,
        height: 800,
        updatedAt: null,
        spaces: [
          { id: mainSpace, kind: 'hall', x: 0, y: 0, width: 1200, height: 800, occupancy: 0 },
        ],
      });
    }
  });

  it('saves the whole layout: the hall keeps the main space id, new tables get ids, the version counts', async () => {
    const { owner, world, mainSpace, layout } = await savedWorld();
    expect(layout.version).toBe(1);
    expect(layout.spaces.map((s) => [s.name, s.kind, s.capacity])).toEqual([
      ['ホール', 'hall', 50],
      ['テーブルA', 'table', 4],
      ['テーブルB', 'table', 4],
    ]);
    expect(layout.spaces[0]!.id).toBe(mainSpace);

    // Rename A, drop B, add a stage; a built-in base space sets the background.
    const [main, a] = layout.spaces;
    const res = await save(owner.headers, world.id, {
      version: 1,
      baseSpaceId: '6d1f0c9e-7a51-4d8e-9b1a-0a4c5e2f1004',
      spaces: [
        { ...hall, id: main!.id },
        { ...table('窓際', 600, 0, 6), id: a!.id },
        { name: '壇上', kind: 'stage', x: 600, y: 600, width: 600, height: 200, capacity: 3 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Layout;
    expect(saved.version).toBe(2);
    expect(saved.backgroundColor).toBe('#1F2A44');
    expect(saved.spaces.map((s) => [s.id === a!.id, s.name, s.capacity])).toEqual([
      [false, 'ホール', 50],
      [true, '窓際', 6],
      [false, '壇上', 3],
    ]);
    // The removed table stays in the database (its meetings keep their history), off the layout.
    const removed = await t.database.db
      .select()
      .from(spaces)
      .where(eq(spaces.id, layout.spaces[2]!.id));
    expect(removed[0]!.removedAt).not.toBeNull();
  });

  it('refuses a save based on a stale version with 409, never overwriting', async () => {
    const { owner, world, members, layout } = await savedWorld();
    const staff = members.find((m) => m.role === 'staff')!;
    const first = await save(staff.headers, world.id, { version: 1, spaces: [hall] });
    expect(first.statusCode, first.body).toBe(200);
    const after = first.json() as Layout;
    const stale = await save(owner.headers, world.id, {
      version: layout.version,
      spaces: [hall, table('上書き', 600, 0)],
    });
    expect([stale.statusCode, stale.json().errors]).toEqual([409, [layoutMessages.stale]]);
    expect(layoutMessages.stale).toMatch(/^他の人が先にレイアウトを保存しました/);
    await expectUnchanged(owner.headers, world.id, after);
  });

  it('refuses layouts that break the rules with 422, every message, nothing saved', async () => {
    const { owner, world, layout } = await savedWorld();
    const other = await savedWorld();
    const cases: [Space[], string[]][] = [
      [[hall, table('A', 600, 0), table('B', 700, 100)], [layoutMessages.overlap('A', 'B')]],
      [[hall, table('端', 1100, 0)], [layoutMessages.outside('端')]],
      [[table('A', 600, 0)], [layoutMessages.oneHall]],
      [[hall, { ...hall, name: '第二ホール', x: 600 }], [layoutMessages.oneHall]],
      [
        [hall, { ...table('A', 600, 0), id: other.layout.spaces[1]!.id }],
        [layoutMessages.notThisWorld],
      ],
      [[{ ...hall, id: layout.spaces[1]!.id }, table('A', 600, 0)], [layoutMessages.hallFixed]],
    ];
    for (const [spaceList, errors] of cases) {
      const res = await save(owner.headers, world.id, { version: 1, spaces: spaceList });
      expect([res.statusCode, res.json().errors], JSON.stringify(spaceList)).toEqual([422, errors]);
    }
    const unknownBase = await save(owner.headers, world.id, {
      version: 1,
      spaces: [hall],
      baseSpaceId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownBase.json().errors).toEqual([layoutMessages.baseSpaceNotFound]);
    await expectUnchanged(owner.headers, world.id, layout);
  });

  it('refuses zero seats, huge names and unknown fields by the contract, in Japanese', async () => {
    const { owner, world, layout } = await savedWorld();
    const zero = await save(owner.headers, world.id, {
      version: 1,
      spaces: [hall, table('A', 600, 0, 0)],
    });
    expect([zero.statusCode, zero.json().errors]).toEqual([
      400,
      ['spaces.1.capacity: 1以上の値にしてください。'],
    ]);
    const negative = await save(owner.headers, world.id, {
      version: 1,
      spaces: [hall, table('A', 600, 0, -3)],
    });
    expect(negative.statusCode).toBe(400);
    const huge = await save(owner.headers, world.id, {
      version: 1,
      spaces: [hall, table('あ'.repeat(51), 600, 0)],
    });
    expect([huge.statusCode, huge.json().errors]).toEqual([
      400,
      ['spaces.1.name: 50文字以下で入力してください。'],
    ]);
    const longLayout = await save(owner.headers, world.id, {
      version: 1,
      name: 'x'.repeat(101),
      spaces: [hall],
    });
    expect(longLayout.statusCode).toBe(400);
    await expectUnchanged(owner.headers, world.id, layout);
  });

  it("keeps seated attendees' seats: no count below them, no removing their table", async () => {
    const { owner, world, members, layout } = await savedWorld();
    const [, a, b] = layout.spaces;
    for (const m of members)
      await t.database.db
        .insert(worldUserSpaces)
        .values({ worldId: world.id, userId: m.id, spaceId: a!.id });
    const res = await save(owner.headers, world.id, {
      version: 1,
      spaces: [hall, { ...table('テーブルA', 600, 0, 1), id: a!.id }],
    });
    expect([res.statusCode, res.json().errors]).toEqual([
      422,
      [layoutMessages.belowAttendees('テーブルA', 2)],
    ]);
    const removing = await save(owner.headers, world.id, {
      version: 1,
      spaces: [hall, { ...table('テーブルB', 800, 0), id: b!.id }],
    });
    expect(removing.json().errors).toEqual([layoutMessages.removeOccupied('テーブルA', 2)]);
    const seated = (await getLayout(owner.headers, world.id)).json() as Layout;
    expect(seated.spaces[1]!.occupancy).toBe(2);
    expect({ ...seated, spaces: seated.spaces.map((s) => ({ ...s, occupancy: 0 })) }).toEqual(
      layout,
    );
    // Exactly as many seats as people is fine.
    const ok = await save(owner.headers, world.id, {
      version: 1,
      spaces: [hall, { ...table('テーブルA', 600, 0, 2), id: a!.id }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("takes only this world's layout uploads as the background image", async () => {
    const { owner, world, layout } = await savedWorld();
    const presign = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/files/presign', headers: owner.headers, payload });
    const base = { fileName: '背景.png', purpose: 'layoutImage', worldId: world.id };
    const svg = await presign({ ...base, contentType: 'image/svg+xml', byteSize: 100 });
    expect([svg.statusCode, svg.json().errors[0]]).toEqual([
      400,
      expect.stringMatching(/^contentType: 次のいずれかを指定してください/),
    ]);
    const big = await presign({ ...base, contentType: 'image/png', byteSize: 21 * 1024 * 1024 });
    expect([big.statusCode, big.json().errors]).toEqual([
      422,
      ['byteSize: ファイルサイズは20MB以下にしてください。'],
    ]);
    const upload = await presign({ ...base, contentType: 'image/png', byteSize: 100 });
    expect(upload.statusCode, upload.body).toBe(201);
    const fileUrl = upload.json().fileUrl as string;

    for (const url of [
      'https://evil.example/x.png',
      fileUrl.replace(world.id, layout.spaces[0]!.id),
    ]) {
      const res = await save(owner.headers, world.id, {
        version: 1,
        spaces: [hall],
        backgroundImageUrl: url,
      });
      expect([res.statusCode, res.json().errors]).toEqual([422, [layoutMessages.image]]);
    }
    const res = await save(owner.headers, world.id, {
      version: 1,
      spaces: [hall],
      backgroundImageUrl: fileUrl,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().backgroundImageUrl).toBe(fileUrl);
  });

  it('lets exactly one of two saves on the same version win', async () => {
    const { owner, world, members } = await savedWorld();
    const staff = members.find((m) => m.role === 'staff')!;
    const answers = await Promise.all([
      save(owner.headers, world.id, { version: 1, spaces: [hall, table('オーナー案', 600, 0)] }),
      save(staff.headers, world.id, { version: 1, spaces: [hall, table('スタッフ案', 600, 0)] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json() as Layout;
    const now = (await getLayout(owner.headers, world.id)).json() as Layout;
    expect(now.version).toBe(2);
    expect(now.spaces.map((s) => s.name)).toEqual(winner.spaces.map((s) => s.name));
  });
});

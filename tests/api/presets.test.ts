import { describe, expect, it } from 'vitest';
import { layoutMessages } from '../../src/domain/layout';
import { forbiddenMessage } from '../../server/worlds/access';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';
import { worldNotFoundMessage } from '../../server/db/world-locks';

const t = useTestServer();
const people = worldPeople(t);

const seminarId = '3b2e7f40-5c1d-4e6a-8f3b-7d9e0a1b2002';
const partyId = '3b2e7f40-5c1d-4e6a-8f3b-7d9e0a1b2001';
type Space = { id: string; name: string; kind: string; capacity: number };

const call = (
  headers: AuthHeaders,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, payload });
const apply = (headers: AuthHeaders, worldId: string, presetId: string, version: number) =>
  call(headers, 'PATCH', `/api/mypage/layout_by_presets/${worldId}`, { presetId, version });

describe(`presets on ${testDbKind}`, () => {
  it('lists the built-in presets first, then the caller’s own', async () => {
    const { owner, world } = await people.world();
    const list = await call(owner.headers, 'GET', '/api/mypage/presets');
    expect(list.statusCode).toBe(200);
    expect(
      list.json().items.map((p: { name: string; builtIn: boolean }) => [p.name, p.builtIn]),
    ).toEqual([
      ['交流会', true],
      ['セミナー', true],
      ['ワークショップ', true],
    ]);
    const made = await call(owner.headers, 'POST', '/api/mypage/presets', {
      name: '私の配置',
      layoutId: world.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const again = await call(owner.headers, 'GET', '/api/mypage/presets');
    expect(again.json().items.at(-1)).toMatchObject({ name: '私の配置', builtIn: false });
  });

  it('applies 交流会: the hall keeps its id, six tables of six are placed, the version moves on', async () => {
    const { owner, world, mainSpace } = await people.world();
    const res = await apply(owner.headers, world.id, partyId, 0);
    expect(res.statusCode, res.body).toBe(200);
    const layout = res.json() as { version: number; name: string; spaces: Space[] };
    expect(layout.version).toBe(1);
    expect(layout.name).toBe('交流会');
    expect(layout.spaces.filter((s) => s.kind === 'hall').map((s) => s.id)).toEqual([mainSpace]);
    expect(layout.spaces.filter((s) => s.kind === 'table').map((s) => s.capacity)).toEqual([
      6, 6, 6, 6, 6, 6,
    ]);

    // Another preset replaces the tables; a stale version is refused as for a save.
    const seminar = await apply(owner.headers, world.id, seminarId, 1);
    expect(seminar.json().spaces.map((s: Space) => s.kind)).toEqual(['stage', 'hall']);
    const stale = await apply(owner.headers, world.id, partyId, 1);
    expect([stale.statusCode, stale.json().errors]).toEqual([409, [layoutMessages.stale]]);
  });

  it('refuses an unknown preset, another user’s preset, and a world the caller does not manage', async () => {
    const { owner, world, members } = await people.world();
    const stranger = await people.world();
    const theirs = await call(stranger.owner.headers, 'POST', '/api/mypage/presets', {
      name: '他人の',
      layoutId: stranger.world.id,
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', theirs.json().id]) {
      const res = await apply(owner.headers, world.id, id, 0);
      expect([res.statusCode, res.json().errors]).toEqual([404, [layoutMessages.presetNotFound]]);
      const shown = await call(owner.headers, 'GET', `/api/mypage/presets/${id}`);
      expect(shown.statusCode).toBe(404);
    }
    const user = members.find((m) => m.role === 'user')!;
    const asUser = await call(user.headers, 'POST', '/api/mypage/presets', {
      name: 'x',
      layoutId: world.id,
    });
    expect([asUser.statusCode, asUser.json().errors]).toEqual([403, [forbiddenMessage]]);
    const notMine = await call(owner.headers, 'POST', '/api/mypage/presets', {
      name: 'x',
      layoutId: stranger.world.id,
    });
    expect([notMine.statusCode, notMine.json().errors]).toEqual([404, [worldNotFoundMessage]]);
  });

  it('saves a layout as a preset and applies it to another world of the owner; renames and deletes it', async () => {
    const { owner, world } = await people.world();
    await apply(owner.headers, world.id, partyId, 0);
    const made = await call(owner.headers, 'POST', '/api/mypage/presets', {
      name: '夏の交流会',
      layoutId: world.id,
    });
    const preset = made.json() as { id: string; spaces: Space[] };
    expect(preset.spaces).toHaveLength(7);
    expect(preset.spaces[0]).not.toHaveProperty('id');

    const second = await t.app.inject({
      method: 'POST',
      url: '/api/mypage/worlds',
      headers: owner.headers,
      payload: { name: '二つ目' },
    });
    const applied = await apply(owner.headers, second.json().id, preset.id, 0);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().spaces.map((s: Space) => s.name)).toEqual(
      preset.spaces.map((s) => s.name),
    );

    const renamed = await call(owner.headers, 'PATCH', `/api/mypage/presets/${preset.id}`, {
      name: '秋の交流会',
    });
    expect(renamed.json().name).toBe('秋の交流会');
    const long = await call(owner.headers, 'PATCH', `/api/mypage/presets/${preset.id}`, {
      name: 'あ'.repeat(101),
    });
    expect([long.statusCode, long.json().errors]).toEqual([
      400,
      ['name: 100文字以下で入力してください。'],
    ]);
    expect(
      (await call(owner.headers, 'DELETE', `/api/mypage/presets/${preset.id}`)).statusCode,
    ).toBe(204);
    expect((await call(owner.headers, 'GET', `/api/mypage/presets/${preset.id}`)).statusCode).toBe(
      404,
    );
  });

  it('keeps built-in presets unchangeable', async () => {
    const { owner } = await people.world();
    for (const [method, payload] of [
      ['PATCH', { name: '改名' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(owner.headers, method, `/api/mypage/presets/${seminarId}`, payload);
      expect([res.statusCode, res.json().errors]).toEqual([403, [layoutMessages.builtInPreset]]);
    }
  });
});

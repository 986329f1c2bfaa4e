import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_MAX_PER_USER,
  backgroundUploadMessages,
} from '../../src/domain/virtual-background';
import { virtualBackgrounds } from '../../server/db/schema';
import { fileMessages, purposes } from '../../server/files/storage';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

// Backgrounds of one's own (docs/product.md §4, ADR 024): uploaded through the one signed-upload
// path, checked by their bytes, seen and deleted by their uploader only; the shared ones for all.
const dataDir = mkdtempSync(join(tmpdir(), 'worlds-backgrounds-'));
const t = useTestServer({ env: { DATA_DIR: dataDir } });
const people = worldPeople(t);

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
type Background = { id: string; name: string; imageUrl: string; mine: boolean };

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers?: AuthHeaders,
  payload?: object,
) => t.app.inject({ method, url, headers, payload });

/** Presigns and PUTs `bytes` as a background upload of the given type: the stored key. */
async function upload(headers: AuthHeaders, bytes: Buffer, contentType = 'image/png') {
  const signed = await call('POST', '/api/files/presign', headers, {
    fileName: 'わたしの部屋.png',
    contentType,
    byteSize: bytes.length,
    purpose: 'virtualBackground',
  });
  expect(signed.statusCode, signed.body).toBe(201);
  const { uploadUrl, key } = signed.json() as { uploadUrl: string; key: string };
  const url = new URL(uploadUrl);
  const put = await t.app.inject({
    method: 'PUT',
    url: url.pathname + url.search,
    headers: { 'content-type': contentType },
    payload: bytes,
  });
  expect(put.statusCode, put.body).toBe(200);
  return key;
}

const add = (headers: AuthHeaders, key: string, name = 'わたしの部屋') =>
  call('POST', '/api/virtual_backgrounds', headers, { key, name });
const list = async (headers: AuthHeaders) => {
  const res = await call('GET', '/api/virtual_backgrounds', headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Background[] }).items;
};
const served = async (imageUrl: string) =>
  (await call('GET', new URL(imageUrl).pathname)).statusCode;

describe(`virtual backgrounds on ${testDbKind}`, () => {
  it('lists the shared backgrounds in their order, to signed-in callers only', async () => {
    const user = await people.stranger();
    await t.database.db.insert(virtualBackgrounds).values([
      {
        name: '森',
        imageUrl: 'http://app.test/forest.svg',
        thumbnailUrl: 'http://app.test/forest.svg',
        position: 1,
      },
      {
        name: '青空',
        imageUrl: 'http://app.test/sky.svg',
        thumbnailUrl: 'http://app.test/sky.svg',
        position: 0,
      },
    ]);
    const items = await list(user.headers);
    expect(items.map((b) => [b.name, b.mine])).toEqual([
      ['青空', false],
      ['森', false],
    ]);
    expect((await call('GET', '/api/virtual_backgrounds')).statusCode).toBe(401);
  });

  it('adds an uploaded image as the uploader’s own background, listed after the shared ones to them alone', async () => {
    const { owner, world } = await people.world([]);
    const other = await people.stranger();
    const key = await upload(owner.headers, png);
    const res = await add(owner.headers, key);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Background;
    expect(created).toEqual({
      id: expect.any(String),
      name: 'わたしの部屋',
      imageUrl: `http://app.test/files/${key}`,
      thumbnailUrl: `http://app.test/files/${key}`,
      mine: true,
    });
    expect(await served(created.imageUrl)).toBe(200);
    const mine = await list(owner.headers);
    expect(mine.at(-1)).toEqual(created);
    expect(mine.findIndex((b) => b.mine)).toBe(mine.filter((b) => !b.mine).length);
    expect((await list(other.headers)).map((b) => b.id)).not.toContain(created.id);
    // The same upload again, or someone else's key, is not another background.
    expect((await add(owner.headers, key)).statusCode).toBe(409);
    const stolen = await add(other.headers, key);
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toEqual([backgroundUploadMessages.notUploaded]);

    // A guest of the world has a session, and backgrounds of its own the same way.
    const guest = await people.guest(world.id, owner.headers, '背景のゲスト');
    const guestKey = await upload(guest.headers, webp, 'image/webp');
    const guests = await add(guest.headers, guestKey, 'ゲストの背景');
    expect(guests.statusCode, guests.body).toBe(201);
    expect((await list(guest.headers)).filter((b) => b.mine).map((b) => b.name)).toEqual([
      'ゲストの背景',
    ]);
    expect((await list(owner.headers)).filter((b) => b.mine).map((b) => b.name)).toEqual([
      'わたしの部屋',
    ]);
  });

  it('refuses a type other than JPEG, PNG and WebP, and more than 5 MB, in Japanese', async () => {
    const user = await people.stranger();
    const gif = await call('POST', '/api/files/presign', user.headers, {
      fileName: 'anime.gif',
      contentType: 'image/gif',
      byteSize: 100,
      purpose: 'virtualBackground',
    });
    expect(gif.statusCode).toBe(422);
    expect(gif.json().errors).toEqual([fileMessages.type(purposes.virtualBackground.types)]);
    expect(gif.json().errors[0]).toContain('このファイルの種類はアップロードできません');
    const tooLarge = await call('POST', '/api/files/presign', user.headers, {
      fileName: 'huge.jpg',
      contentType: 'image/jpeg',
      byteSize: 5 * 1024 * 1024 + 1,
      purpose: 'virtualBackground',
    });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors).toEqual(['byteSize: ファイルサイズは5MB以下にしてください。']);
  });

  it('refuses a file whose bytes are not the image it claims to be, and deletes it', async () => {
    const user = await people.stranger();
    const text = Buffer.from('<script>alert(1)</script>');
    const key = await upload(user.headers, text);
    const res = await add(user.headers, key);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([backgroundUploadMessages.notImage]);
    expect((await call('GET', `/files/${key}`)).statusCode).toBe(404);
    // A WebP sent as PNG is not a PNG either.
    const mislabelled = await upload(user.headers, webp);
    expect((await add(user.headers, mislabelled)).json().errors).toEqual([
      backgroundUploadMessages.notImage,
    ]);
    // A key never uploaded holds nothing.
    const missing = key.replace(/[0-9a-f-]{36}\.png$/, '00000000-0000-4000-8000-000000000000.png');
    expect((await add(user.headers, missing)).json().errors).toEqual([
      backgroundUploadMessages.notUploaded,
    ]);
    expect((await list(user.headers)).filter((b) => b.mine)).toEqual([]);
  });

  it('keeps at most ten uploads per user', async () => {
    const user = await people.stranger();
    await t.database.db.insert(virtualBackgrounds).values(
      Array.from({ length: BACKGROUND_MAX_PER_USER }, (_, i) => ({
        name: `背景${i}`,
        imageUrl: `http://app.test/files/${i}.png`,
        thumbnailUrl: `http://app.test/files/${i}.png`,
        userId: user.id,
        fileKey: `virtualBackground/${user.id}/${i}.png`,
      })),
    );
    const res = await add(user.headers, await upload(user.headers, png));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([backgroundUploadMessages.tooMany]);
  });

  it('deletes one’s own upload with its file; another user’s is not found, a shared one forbidden', async () => {
    const owner = await people.stranger();
    const other = await people.stranger();
    const created = (
      await add(owner.headers, await upload(owner.headers, png))
    ).json() as Background;
    const [shared] = await t.database.db
      .insert(virtualBackgrounds)
      .values({
        name: '夕焼け',
        imageUrl: 'http://app.test/s.svg',
        thumbnailUrl: 'http://app.test/s.svg',
      })
      .returning();

    const foreign = await call('DELETE', `/api/virtual_backgrounds/${created.id}`, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors).toEqual([backgroundUploadMessages.notFound]);
    const sharedDelete = await call(
      'DELETE',
      `/api/virtual_backgrounds/${shared!.id}`,
      owner.headers,
    );
    expect(sharedDelete.statusCode).toBe(403);
    expect(sharedDelete.json().errors).toEqual([backgroundUploadMessages.shared]);
    expect(await served(created.imageUrl)).toBe(200);

    const deleted = await call('DELETE', `/api/virtual_backgrounds/${created.id}`, owner.headers);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await served(created.imageUrl)).toBe(404);
    expect((await list(owner.headers)).map((b) => b.id)).not.toContain(created.id);
    expect((await list(other.headers)).map((b) => b.id)).toContain(shared!.id);
    expect(
      (await call('DELETE', `/api/virtual_backgrounds/${created.id}`, owner.headers)).statusCode,
    ).toBe(404);
  });
});

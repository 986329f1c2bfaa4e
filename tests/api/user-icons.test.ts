import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { userIconMessages } from '../../src/domain/user-icon';
import { fileMessages, purposes } from '../../server/files/storage';
import { guestForbiddenMessage } from '../../server/guests/guard';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, listenWithSockets } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

// A user's icon (docs/product.md §4 アイコン): uploaded through the one signed-upload path
// (purpose userIcon), set and cleared with updateMe, answered with the user, their profile and
// their presence in a world; only a URL issued for the caller's own upload is taken.
const dataDir = mkdtempSync(join(tmpdir(), 'worlds-icons-'));
const t = useTestServer({ env: { DATA_DIR: dataDir } });
const people = worldPeople(t);
const open = listenWithSockets(t);

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers?: AuthHeaders,
  payload?: object,
) => t.app.inject({ method, url, headers, payload });

const presign = (headers: AuthHeaders, contentType: string, byteSize: number) =>
  call('POST', '/api/files/presign', headers, {
    fileName: 'わたし.png',
    contentType,
    byteSize,
    purpose: 'userIcon',
  });

/** Presigns and PUTs `bytes` as the caller's icon upload: the URL it is served at. */
async function upload(headers: AuthHeaders, bytes: Buffer, contentType = 'image/png') {
  const signed = await presign(headers, contentType, bytes.length);
  expect(signed.statusCode, signed.body).toBe(201);
  const { uploadUrl, fileUrl } = signed.json() as { uploadUrl: string; fileUrl: string };
  const url = new URL(uploadUrl);
  const put = await t.app.inject({
    method: 'PUT',
    url: url.pathname + url.search,
    headers: { 'content-type': contentType },
    payload: bytes,
  });
  expect(put.statusCode, put.body).toBe(200);
  return fileUrl;
}

const setIcon = (headers: AuthHeaders, iconUrl: string | null) =>
  call('PATCH', '/api/mypage/me', headers, { iconUrl });
const served = async (url: string) => (await call('GET', new URL(url).pathname)).statusCode;

describe(`user icons on ${testDbKind}`, () => {
  it('sets an uploaded icon, answered with the user, the profile and the presence, then clears it', async () => {
    const { owner, world, members } = await people.world(['user']);
    const iconUrl = await upload(owner.headers, png);

    const set = await setIcon(owner.headers, iconUrl);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: owner.id, iconUrl });
    expect((await call('GET', '/api/mypage/me', owner.headers)).json().iconUrl).toBe(iconUrl);
    const profile = await call('GET', `/api/users/${owner.id}`, members[0]!.headers);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().iconUrl).toBe(iconUrl);
    // The name is kept when only the icon changes.
    expect(set.json().name).toBe((await call('GET', '/api/mypage/me', owner.headers)).json().name);

    const socket = await connect(t.app, members[0]!.headers, world.id);
    open.push(socket);
    const ownerSocket = await connect(t.app, owner.headers, world.id);
    open.push(ownerSocket);
    const joined = await socket.next('presence.joined');
    expect(joined.member).toMatchObject({ userId: owner.id, iconUrl });
    expect(socket.snapshot!.members.find((m) => m.userId === members[0]!.id)?.iconUrl).toBeNull();

    const cleared = await setIcon(owner.headers, null);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().iconUrl).toBeNull();
    expect(await served(iconUrl)).toBe(404);
  });

  it('tells the world of a changed icon at once, and later joiners see it in the snapshot', async () => {
    const { owner, world, members } = await people.world(['user']);
    const socket = await connect(t.app, members[0]!.headers, world.id);
    open.push(socket);
    const iconUrl = await upload(owner.headers, png);
    expect((await setIcon(owner.headers, iconUrl)).statusCode).toBe(200);
    expect(await socket.next('presence.icon')).toEqual({
      type: 'presence.icon',
      userId: owner.id,
      iconUrl,
    });
    const ownerSocket = await connect(t.app, owner.headers, world.id);
    open.push(ownerSocket);
    const second = await upload(owner.headers, png);
    await setIcon(owner.headers, second);
    await socket.next('presence.icon');
    const later = await connect(t.app, members[0]!.headers, world.id);
    open.push(later);
    expect(later.snapshot!.members.find((m) => m.userId === owner.id)?.iconUrl).toBe(second);
    // The name alone changing says nothing of the icon.
    await call('PATCH', '/api/mypage/me', owner.headers, { name: '新しい名前' });
    expect(await socket.none('presence.icon')).toBe(true);
  });

  it('refuses a URL not issued for the caller’s own icon upload, in Japanese', async () => {
    const { owner } = await people.world([]);
    const other = await people.stranger();
    const theirs = await upload(other.headers, png);
    for (const url of [theirs, 'https://example.com/userIcon/me.png']) {
      const res = await setIcon(owner.headers, url);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([userIconMessages.notIssued]);
    }
    // An upload that is not the image its type says is refused and deleted.
    const fake = await upload(owner.headers, Buffer.from('not an image at all'));
    const res = await setIcon(owner.headers, fake);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([userIconMessages.notImage]);
    expect(await served(fake)).toBe(404);
    expect((await call('GET', '/api/mypage/me', owner.headers)).json().iconUrl).toBeNull();
  });

  it('takes JPEG, PNG and WebP up to 2 MB only', async () => {
    const user = await people.stranger();
    const { maxBytes, types } = purposes.userIcon;
    expect(maxBytes).toBe(2 * 1024 * 1024);
    const gif = await presign(user.headers, 'image/gif', 10);
    expect(gif.statusCode).toBe(422);
    expect(gif.json().errors).toEqual([fileMessages.type(types)]);
    const big = await presign(user.headers, 'image/webp', maxBytes + 1);
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toEqual([fileMessages.size(maxBytes)]);
    expect((await presign(user.headers, 'image/jpeg', maxBytes)).statusCode).toBe(201);
  });

  it('refuses a guest: the account’s profile is closed to guests', async () => {
    const { owner, world } = await people.world([]);
    const guest = await people.guest(world.id, owner.headers, 'アイコンのゲスト');
    const res = await setIcon(guest.headers, null);
    expect(res.statusCode, res.body).toBe(403);
    const upload = await presign(guest.headers, 'image/png', png.length);
    expect(upload.statusCode, upload.body).toBe(403);
    expect(upload.json().errors).toEqual([guestForbiddenMessage]);
  });
});

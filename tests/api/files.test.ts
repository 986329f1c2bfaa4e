import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { worldMembers } from '../../server/db/schema';
import { uploadMessages } from '../../server/files/local-storage';
import { fileMessages, purposes } from '../../server/files/storage';
import { actionMessages } from '../../server/users/user-actions';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';

const dataDir = mkdtempSync(join(tmpdir(), 'worlds-files-'));
const t = useTestServer({ env: { DATA_DIR: dataDir } });
const api = checkoutCalls(t);

type Upload = {
  uploadUrl: string;
  method: string;
  headers: Record<string, string>;
  key: string;
  fileUrl: string | null;
  expiresAt: string;
};

function presign(headers: AuthHeaders, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/files/presign', headers, payload });
}

/** PUTs to a signed URL of this server (its path and query, as a browser would). */
function put(upload: Upload, body: Buffer | string, contentType = upload.headers['Content-Type']!) {
  const url = new URL(upload.uploadUrl);
  return t.app.inject({
    method: 'PUT',
    url: url.pathname + url.search,
    headers: { 'content-type': contentType },
    payload: body,
  });
}

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe(`file uploads on ${testDbKind}`, () => {
  it('signs an upload URL of this server, stores the file under DATA_DIR and serves it back', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const res = await presign(owner.headers, {
      fileName: '表紙.png',
      contentType: 'image/png',
      byteSize: png.length,
      purpose: 'coverImage',
      worldId: world.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const upload = res.json() as Upload;
    expect(upload.uploadUrl).toMatch(
      new RegExp(
        `^http://app\\.test/uploads/coverImage/${world.id}/[0-9a-f-]{36}\\.png\\?size=${png.length}&expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
    expect(upload).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      fileUrl: `http://app.test/files/${upload.key}`,
    });
    expect(new Date(upload.expiresAt).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(
      15 * 60_000,
    );

    expect((await t.app.inject({ method: 'GET', url: `/files/${upload.key}` })).statusCode).toBe(
      404,
    );
    const stored = await put(upload, png);
    expect(stored.statusCode, stored.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: `/files/${upload.key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('uploads once per signed URL: a second PUT, even at once, is refused and the served file stays', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const res = await presign(owner.headers, {
      fileName: '表紙.png',
      contentType: 'image/png',
      byteSize: png.length,
      purpose: 'coverImage',
      worldId: world.id,
    });
    const upload = res.json() as Upload;
    const other = Buffer.from(png);
    other[png.length - 1]! ^= 0xff;
    const both = await Promise.all([put(upload, png), put(upload, other)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const first = await t.app.inject({ method: 'GET', url: `/files/${upload.key}` });
    expect(first.headers['cache-control']).toContain('immutable');
    const again = await put(upload, other);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [uploadMessages.used] });
    const served = await t.app.inject({ method: 'GET', url: `/files/${upload.key}` });
    expect(served.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('refuses a changed signature, another Content-Type, another size and an expired URL', async () => {
    const user = await api.owner();
    const upload = (
      await presign(user.headers, {
        fileName: 'bg.png',
        contentType: 'image/png',
        byteSize: png.length,
        purpose: 'virtualBackground',
      })
    ).json() as Upload;
    const forged = {
      ...upload,
      uploadUrl: upload.uploadUrl.replace(/signature=./, (m) =>
        m.endsWith('0') ? 'signature=1' : 'signature=0',
      ),
    };
    const badSignature = await put(forged, png);
    expect(badSignature.statusCode).toBe(403);
    expect(badSignature.json().errors).toEqual([uploadMessages.badSignature]);
    const otherType = await put(upload, png, 'image/gif');
    expect(otherType.statusCode).toBe(415);
    expect(otherType.json().errors).toEqual([uploadMessages.wrongType]);
    const tooBig = await put(upload, Buffer.concat([png, png]));
    expect(tooBig.statusCode).toBe(413);
    expect((await put(upload, png.subarray(0, 4))).statusCode).toBe(400);
    t.clock.advance(16 * 60);
    const expired = await put(upload, png);
    expect(expired.json().errors).toEqual([uploadMessages.expired]);
  });

  it('refuses a type or size the purpose does not take, and a world the caller does not manage', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const member = await api.owner();
    await t.database.db
      .insert(worldMembers)
      .values({ worldId: world.id, userId: member.id, role: 'user' });
    const pdfBackground = await presign(owner.headers, {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      byteSize: 10,
      purpose: 'virtualBackground',
    });
    expect(pdfBackground.statusCode).toBe(422);
    expect(pdfBackground.json().errors).toEqual([
      fileMessages.type(purposes.virtualBackground.types),
    ]);
    const huge = await presign(owner.headers, {
      fileName: 'a.png',
      contentType: 'image/png',
      byteSize: 50 * 1024 * 1024,
      purpose: 'coverImage',
      worldId: world.id,
    });
    expect(huge.json().errors).toEqual([fileMessages.size(purposes.coverImage.maxBytes)]);
    const noWorld = await presign(owner.headers, {
      fileName: 'a.png',
      contentType: 'image/png',
      byteSize: 10,
      purpose: 'coverImage',
    });
    expect(noWorld.json().errors).toEqual([fileMessages.worldRequired]);
    const notManager = await presign(member.headers, {
      fileName: 'a.png',
      contentType: 'image/png',
      byteSize: 10,
      purpose: 'coverImage',
      worldId: world.id,
    });
    expect(notManager.statusCode).toBe(403);
  });
});

describe(`user actions on ${testDbKind}`, () => {
  const at = (minutesAgo: number) =>
    new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString();

  it('reads an uploaded batch of actions and aggregates and downloads them for the owner', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const member = await api.owner();
    await t.database.db
      .insert(worldMembers)
      .values({ worldId: world.id, userId: member.id, role: 'user' });
    const lines = [
      { actionType: 'world.entered', occurredAt: at(30) },
      { actionType: 'world.entered', occurredAt: at(20) },
      { actionType: '=cmd', occurredAt: at(10) },
      { actionType: 'mic.on', occurredAt: at(10) },
      'not json',
      { actionType: 'world.entered', occurredAt: at(60 * 24 * 30) },
    ];
    const ndjson =
      lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user_action_presigned_urls',
      headers: member.headers,
      payload: { worldId: world.id, byteSize: Buffer.byteLength(ndjson) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const upload = res.json() as Upload;
    expect(upload).toMatchObject({
      fileUrl: null,
      headers: { 'Content-Type': 'application/x-ndjson' },
    });
    expect((await put(upload, ndjson)).statusCode).toBe(200);
    // Read into the database, the batch's file is gone (ADR 033); sent again (a retry whose answer
    // was lost) it is taken and counts once.
    expect(existsSync(join(dataDir, 'uploads', upload.key))).toBe(false);
    expect((await put(upload, ndjson)).statusCode).toBe(200);
    expect(existsSync(join(dataDir, 'uploads', upload.key))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/files/${upload.key}` })).statusCode).toBe(
      404,
    );

    const range = `from=${encodeURIComponent(at(120))}&to=${encodeURIComponent(at(0))}`;
    const aggregated = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/user_actions/aggregate?${range}`,
      headers: owner.headers,
    });
    expect(aggregated.statusCode, aggregated.body).toBe(200);
    const totals = Object.fromEntries(
      (aggregated.json().items as { actionType: string; count: number; uniqueUsers: number }[]).map(
        (i) => [i.actionType, [i.count, i.uniqueUsers]],
      ),
    );
    expect(totals).toEqual({ 'world.entered': [2, 1], 'mic.on': [1, 1] });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/user_actions/download.csv?${range}`,
      headers: owner.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(rows[0]).toBe('日時,操作,ユーザーID,ユーザー名');
    expect(rows.filter((r) => r.includes(member.id))).toHaveLength(3);
  });

  it('refuses a range over 92 days, and batches for a world the caller is not in', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const stranger = await api.owner();
    const from = new Date(t.clock.now().getTime() - 93 * 86_400_000).toISOString();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/user_actions/aggregate?from=${encodeURIComponent(from)}&to=${encodeURIComponent(at(0))}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([actionMessages.range]);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/user_action_presigned_urls',
      headers: stranger.headers,
      payload: { worldId: world.id, byteSize: 10 },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../server/app/start';
import { loadConfig } from '../../server/config';
import { startS3Server } from '../support/s3-server';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

// Issue 25 item 3 (docs/deploying.md, Files): with S3_BUCKET, files go from the browser straight
// to the bucket through presigned URLs signed by the real AWS SDK, and any process reads them: a
// background presigned through one process and uploaded is accepted and served through another.
// The bucket is an S3-protocol server of the test's own.

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
  // The AWS SDK reads its credentials from the process's environment, as in a deployment.
  vi.stubEnv('AWS_ACCESS_KEY_ID', s3.env.AWS_ACCESS_KEY_ID);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.env.AWS_SECRET_ACCESS_KEY);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await s3?.close();
});

const env = () => ({ ...s3.env, APP_URL: 'http://app.test' });
const a = useTestServer({ env });
const people = worldPeople(a);

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
type Server = Awaited<ReturnType<typeof startServer>>;

async function presignAndPut(server: Server, headers: AuthHeaders, bytes: Buffer) {
  const signed = await server.app.inject({
    method: 'POST',
    url: '/api/files/presign',
    headers,
    payload: {
      fileName: '部屋.png',
      contentType: 'image/png',
      byteSize: bytes.length,
      purpose: 'virtualBackground',
    },
  });
  expect(signed.statusCode, signed.body).toBe(201);
  const upload = signed.json() as {
    uploadUrl: string;
    headers: Record<string, string>;
    key: string;
  };
  // The bucket's address, not the app's: the app never sees the bytes.
  expect(upload.uploadUrl.startsWith(`${s3.endpoint}/worlds-files/`)).toBe(true);
  const put = await fetch(upload.uploadUrl, {
    method: 'PUT',
    headers: upload.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status, await put.text()).toBe(200);
  return upload.key;
}

describe(`files in S3 with several processes, on ${testDbKind}`, () => {
  it('presigned through one process, accepted and served through another', async () => {
    const b = await startServer(loadConfig({ NODE_ENV: 'test', ...env() }), {
      database: a.database,
    });
    try {
      const user = await people.stranger();
      const key = await presignAndPut(a.server, user.headers, png);
      const added = await b.app.inject({
        method: 'POST',
        url: '/api/virtual_backgrounds',
        headers: user.headers,
        payload: { key, name: '部屋' },
      });
      expect(added.statusCode, added.body).toBe(201);
      const { imageUrl } = added.json() as { imageUrl: string };
      const read = await fetch(imageUrl);
      expect(read.status).toBe(200);
      expect(Buffer.from(await read.arrayBuffer())).toEqual(png);
    } finally {
      await b.close();
    }
  });

  it('refuses bytes that are not the image their type says, and deletes them from the bucket', async () => {
    const user = await people.stranger();
    const key = await presignAndPut(a.server, user.headers, Buffer.from('not a png at all'));
    const added = await a.app.inject({
      method: 'POST',
      url: '/api/virtual_backgrounds',
      headers: user.headers,
      payload: { key, name: '偽物' },
    });
    expect(added.statusCode, added.body).toBe(422);
    expect((await fetch(`${s3.endpoint}/worlds-files/${key}`)).status).toBe(404);
  });

  it("lets the page upload to the bucket and show its files (the CSP names the bucket's origin)", async () => {
    const page = await a.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('connect-src')).toContain(s3.endpoint);
    expect(directive('img-src')).toContain(s3.endpoint);
  });
});

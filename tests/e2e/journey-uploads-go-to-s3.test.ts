import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../support/s3-server';
import {
  createWorld,
  decodedFrames,
  guestByApi,
  guestLink,
  signedInContext,
} from './meeting-helpers';
import { meetingSuite } from './support/meeting-suite';
import { near, solidPng, topColour } from './support/pictures';

// Issue 25 item 3 (docs/deploying.md, Files): with S3_BUCKET the browser uploads straight to the
// bucket (CORS, the CSP's connect-src) and shows what it reads from there: an attendee's own
// background, uploaded in the device check, is drawn behind the camera. The bucket is an
// S3-protocol server of the test's own.
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());
const suite = meetingSuite(() => s3.env);

const PREVIEW = 'カメラのプレビュー';
const MINE = [0x2a, 0x6f, 0xc9];

describe('journey: uploads go to S3', () => {
  it('an attendee uploads a background of their own to the bucket and the preview is drawn over it', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E S3 の背景');
    const link = await guestLink(url, suite.owner.auth, worldId);
    const guest = await guestByApi(url, link.token, 'S3 の来場者');
    const context = await signedInContext(suite.browser, guest.auth, guest.userId);
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') refused.push(m.text());
    });
    const toBucket: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') toBucket.push(r.url());
    });
    await page.goto(`${url}/worlds/${worldId}/gate`);
    await expect.poll(() => decodedFrames(page, PREVIEW), { timeout: 15_000 }).toBeGreaterThan(0);
    const picker = page.getByRole('group', { name: 'バーチャル背景' });
    await picker.getByLabel('自分の画像をアップロード').setInputFiles({
      name: '青い部屋.png',
      mimeType: 'image/png',
      buffer: await solidPng(page, MINE),
    });
    const mine = picker.getByRole('radio', { name: '青い部屋' });
    await expect.poll(() => mine.isChecked(), { timeout: 30_000 }).toBe(true);
    expect(toBucket).toEqual([expect.stringMatching(`^${s3.endpoint}/worlds-files/`)]);
    await expect
      .poll(() => topColour(page, `video[aria-label="${PREVIEW}"]`), { timeout: 60_000 })
      .toSatisfy((c: number[]) => near(c, MINE));
    expect(refused.filter((text) => /Content Security Policy|CORS/.test(text))).toEqual([]);
    await context.close();
  }, 180_000);
});

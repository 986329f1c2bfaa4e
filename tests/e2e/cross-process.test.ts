// Issue 25 item 7: two server processes, A and B, as behind a load balancer (docs/deploying.md):
// one PostgreSQL database, a Redis of the file's own, files in one S3 bucket (an S3-protocol
// server of the test's own), the media server for every space, 1 s heartbeats. Each serves the
// built app at its own address; a person's page talks to one of them. PostgreSQL only: two
// processes cannot share a PGlite directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { postgresTemplateName } from '../support/database-templates';
import { useProcesses } from '../support/processes';
import { startS3Server } from '../support/s3-server';
import { createScratchDatabase } from '../support/scratch-database';
import {
  decodedFrames,
  enterMeeting,
  guestByApi,
  launchMeetingChromium,
  openPanel,
  ownerSession,
  signedInContext,
  type Auth,
} from './meeting-helpers';
import {
  type MeetingSuite,
  ownerStreamsTheStage,
  signedInOwner,
  worldWithTwoTables,
} from './support/meeting-suite';
import { solidPng } from './support/pictures';
import { latestRecordingPlayed } from './support/recordings';
import { startE2eServer } from './support/server';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  console.warn('cross-process: SKIPPED without TEST_DATABASE_URL; two processes need PostgreSQL.');
const heartbeatSeconds = 1;
const processes = useProcesses(!!adminUrl);

/** The owner's icon colour. */
const ICON = [0xd8, 0x5a, 0x2a];

describe.runIf(adminUrl)('two server processes on one database, Redis and bucket', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let dataDir = '';
  let b: Awaited<ReturnType<typeof startE2eServer>> | undefined;
  /** What every process of the file is started with. */
  let env: Record<string, string> = {};
  /** Process A as the meeting suites' server, with Chromium's fake media and the demo owner. */
  const a = {} as MeetingSuite;

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!, 'worlds_e2e', postgresTemplateName());
    s3 = await startS3Server();
    // The media server's recordings are files: every process must see one directory.
    dataDir = mkdtempSync(join(tmpdir(), 'worlds-e2e-shared-'));
    env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: processes.redisUrl(),
      REALTIME_HEARTBEAT_SECONDS: String(heartbeatSeconds),
      MEETING_PROVIDER: 'sfu',
      DATA_DIR: dataDir,
      ...s3.env,
    };
    // Only A writes the demo account.
    [a.server, b] = await Promise.all([
      startE2eServer(env),
      startE2eServer({ ...env, SEED_DEMO: 'false' }),
    ]);
    a.browser = await launchMeetingChromium();
    const session = await ownerSession(a.server.url);
    a.owner = { auth: session.auth, userId: session.userId };
  });
  afterAll(async () => {
    await a.browser?.close();
    await Promise.all([a.server?.stop(), b?.stop()]);
    await s3?.close();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A guest of a new guest link, entered through B, in the world on a page served by B. */
  async function guestOnB(worldId: string, token: string, name: string) {
    const guest = await guestByApi(b!.url, token, name);
    const context = await signedInContext(a.browser, guest.auth, guest.userId);
    const page = await context.newPage();
    await enterMeeting(page, b!.url, worldId);
    return { ...guest, page };
  }

  const here = (page: Page, space: string) =>
    page
      .getByRole('status')
      .filter({ hasText: `いまいる場所: ${space}` })
      .waitFor({ timeout: 20_000 });

  it('an icon uploaded through A is shown by a page of B', async () => {
    const ownerContext = await signedInOwner(a);
    const owner = await ownerContext.newPage();
    await owner.goto(`${a.server.url}/mypage/account`);
    const section = owner.getByRole('region', { name: 'アイコン' });
    await section.getByLabel('アイコン画像を選ぶ').setInputFiles({
      name: 'わたし.png',
      mimeType: 'image/png',
      buffer: await solidPng(owner, ICON),
    });
    await section.getByRole('status').getByText('アイコンを変更しました。').waitFor({
      timeout: 30_000,
    });
    const iconUrl = await section.getByRole('img', { name: '現在のアイコン' }).getAttribute('src');
    expect(iconUrl).toMatch(new RegExp(`^${s3!.endpoint}/`));

    // The owner signed in on B's address reads the same account there.
    const onB = await signedInContext(a.browser, (await ownerSession(b!.url)).auth, a.owner.userId);
    const page = await onB.newPage();
    await page.goto(`${b!.url}/mypage/account`);
    const icon = page.getByRole('region', { name: 'アイコン' }).getByRole('img', {
      name: '現在のアイコン',
    });
    await icon.waitFor({ timeout: 15_000 });
    expect(await icon.getAttribute('src')).toBe(iconUrl);
    await expect
      .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await onB.close();
    await ownerContext.close();
  }, 120_000);

  it('the owner on A and a guest on B at one table see each other on the media server', async () => {
    const { worldId, token } = await worldWithTwoTables(a, 'E2E 二つのプロセスのテーブル');
    const guest = await guestOnB(worldId, token, 'Bの来場者');
    await guest.page.getByRole('button', { name: '「テーブルA」に移動' }).click();
    await here(guest.page, 'テーブルA');
    const ownerContext = await signedInOwner(a);
    const owner = await ownerContext.newPage();
    await enterMeeting(owner, a.server.url, worldId);
    await owner.getByRole('button', { name: '「テーブルA」に移動' }).click();
    await here(owner, 'テーブルA');

    await expect
      .poll(() => decodedFrames(owner, 'Bの来場者さんのカメラ'), { timeout: 40_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => decodedFrames(guest.page, `${demoAccount.name}さんのカメラ`), {
        timeout: 40_000,
      })
      .toBeGreaterThan(0);
    await guest.page.context().close();
    await ownerContext.close();
  }, 120_000);

  it('a stage the owner streams through A is watched by a guest on B', async () => {
    const { worldId, link, owner } = await ownerStreamsTheStage(a, 'E2E 二つのプロセスの配信');
    const guest = await guestByApi(b!.url, link.token, 'Bの視聴者');
    const context = await signedInContext(a.browser, guest.auth, guest.userId);
    const watcher = await context.newPage();
    await watcher.goto(`${b!.url}/worlds/${worldId}`);
    await watcher.waitForURL(`${b!.url}/worlds/${worldId}/gate`);
    await watcher
      .getByRole('button', { name: /^ステージの配信を視聴する/ })
      .click({ timeout: 15_000 });
    await expect
      .poll(() => decodedFrames(watcher, `${demoAccount.name}さんのカメラ`), { timeout: 40_000 })
      .toBeGreaterThan(0);
    await context.close();
    await owner.context().close();
  }, 120_000);

  it('a recording started through A goes on while another process starts, and plays', async () => {
    const { worldId } = await worldWithTwoTables(a, 'E2E 二つのプロセスの録画');
    const ownerContext = await signedInOwner(a);
    const owner = await ownerContext.newPage();
    // The owner starts the hall's meeting, so its room and the recording are on A.
    await enterMeeting(owner, a.server.url, worldId);
    await openPanel(owner, '管理');
    await owner.getByRole('button', { name: '録画を開始' }).click();
    await owner.getByRole('status').getByText('● 録画中').waitFor({ timeout: 15_000 });
    // A third process starts (it takes over what lapsed processes left) and stops again.
    const c = await startE2eServer({ ...env, SEED_DEMO: 'false' });
    await c.stop();
    await owner.getByRole('button', { name: '録画を停止' }).click();
    await owner.getByText('録画ファイルができました。').waitFor({ timeout: 30_000 });
    const { recording, played } = await latestRecordingPlayed(owner, a.server.url, worldId);
    expect(recording.status).toBe('ready');
    expect(played.duration).toBeGreaterThan(0);
    expect(played.width).toBeGreaterThan(0);
    await ownerContext.close();
  }, 120_000);

  // Last: it kills B.
  it('a guest on B leaves the owner’s list on A when B is killed, and comes back through A', async () => {
    const { worldId, token } = await worldWithTwoTables(a, 'E2E 二つのプロセスの在室');
    const ownerContext = await signedInOwner(a);
    const owner = await ownerContext.newPage();
    await enterMeeting(owner, a.server.url, worldId);
    await openPanel(owner, '参加者');
    const guest = await guestOnB(worldId, token, 'Bから来た人');
    // Listed twice on A: in the meeting's 参加者 (attendance) and on the map (presence).
    const listed = owner.getByRole('listitem', { name: 'Bから来た人（ゲスト' });
    const drawn = owner.locator(`.world-map-canvas .map-person[data-user-id="${guest.userId}"]`);
    const seen = async () => [await listed.count(), await drawn.count()];
    await expect.poll(seen, { timeout: 20_000 }).toEqual([1, 1]);

    // The guest's session as the page on B holds it (a page rotates its tokens, ADR 002).
    const session = await guest.page.evaluate(() => ({
      'access-token': localStorage.getItem('authAccessToken')!,
      client: localStorage.getItem('authClient')!,
      uid: localStorage.getItem('authUid')!,
    }));
    b!.kill();
    const killedAt = Date.now();
    // A limit for a hang, not a verdict on speed: the seconds are printed.
    await expect.poll(seen, { timeout: 60_000, interval: 100 }).toEqual([0, 0]);
    console.info(
      `cross-process: the guest left A's list ${((Date.now() - killedAt) / 1000).toFixed(1)} s after kill -9 of B (heartbeat ${heartbeatSeconds} s)`,
    );
    await guest.page.context().close();

    const back = await signedInContext(a.browser, session as Auth, guest.userId);
    await enterMeeting(await back.newPage(), a.server.url, worldId);
    await expect.poll(seen, { timeout: 20_000 }).toEqual([1, 1]);
    await back.close();
    await ownerContext.close();
  }, 120_000);
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eServer } from './support/server';
import {
  createWorld,
  decodedFrames,
  enterMeeting,
  guestLink,
  launchMeetingChromium,
  ownerSession,
  remoteAudioPeak,
  signedInContext,
  waitEnabled,
  type Auth,
} from './meeting-helpers';

let server: Awaited<ReturnType<typeof startE2eServer>>;
let browser: Browser;
let owner: { auth: Auth; userId: string };

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchMeetingChromium();
  const session = await ownerSession(server.url);
  owner = { auth: session.auth, userId: session.userId };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const GUEST = 'ゲスト花子';
const OWNER_NAME = 'デモ主催者';

/** A guest enters by the world's guest link, as a person who got the link would. */
async function guestEntersByLink(url: string, worldId: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByText('にゲストとして入場します').waitFor();
  await page.getByLabel(/^お名前/).fill(GUEST);
  await page.getByRole('button', { name: '入場する' }).click();
  await page.waitForURL(`${server.url}/worlds/${worldId}/gate`);
  return page;
}

const micButton = (page: Page) => page.getByRole('button', { name: 'マイク', exact: true });

describe('a meeting between two browsers on the real server', () => {
  it('carries video and audio both ways; the owner forces the mic off and releases it; the guest switches mics; the owner kicks the guest', async () => {
    const worldId = await createWorld(server.url, owner.auth, 'E2E 会議');
    const link = await guestLink(server.url, owner.auth, worldId);

    const ownerContext = await signedInContext(browser, owner.auth, owner.userId);
    const ownerPage = await ownerContext.newPage();
    await enterMeeting(ownerPage, server.url, worldId);
    await ownerPage.getByRole('heading', { name: '参加者 1人' }).waitFor();

    // The guest: link → name → gate (camera preview, mic meter) → meeting.
    const guestPage = await guestEntersByLink(link.url, worldId);
    await guestPage.locator('video[aria-label="カメラのプレビュー"]').waitFor();
    await expect.poll(() => decodedFrames(guestPage, 'カメラのプレビュー'), { timeout: 10_000 }).toBeGreaterThan(0);
    await enterMeeting(guestPage, server.url, worldId);

    // Each receives the other's video and audio.
    await ownerPage.getByRole('heading', { name: '参加者 2人' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => decodedFrames(ownerPage, `${GUEST}さんのカメラ`), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => decodedFrames(guestPage, `${OWNER_NAME}さんのカメラ`), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => remoteAudioPeak(ownerPage), { timeout: 20_000 }).toBeGreaterThan(0.001);
    await expect.poll(() => remoteAudioPeak(guestPage), { timeout: 20_000 }).toBeGreaterThan(0.001);

    // The owner forces the guest's microphone off: it goes off, says why, and cannot be turned on.
    expect(await micButton(guestPage).getAttribute('aria-pressed')).toBe('true');
    const guestRow = ownerPage.getByRole('group', { name: `${GUEST}さんの操作` });
    await guestRow.getByRole('button', { name: 'マイクを強制オフ' }).click();
    await guestPage.getByText('管理者によりオフにされています').waitFor();
    await expect.poll(() => micButton(guestPage).getAttribute('aria-pressed')).toBe('false');
    expect(await micButton(guestPage).isDisabled()).toBe(true);
    await ownerPage.getByText('（ミュート中）').waitFor();

    // Released: the guest may turn it on again.
    await guestRow.getByRole('button', { name: 'マイクの強制オフを解除' }).click();
    await waitEnabled(guestPage, 'マイク');
    await guestPage.getByText('管理者によりオフにされています').waitFor({ state: 'detached' });
    await micButton(guestPage).click();
    await expect.poll(() => micButton(guestPage).getAttribute('aria-pressed')).toBe('true');

    // Another microphone: the choice sticks and the owner still hears the guest.
    const mics = guestPage.getByLabel('使用するマイク');
    const options = await mics.locator('option').evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
    expect(options.length).toBeGreaterThan(1);
    const current = await mics.inputValue();
    const other = options.find((value) => value !== current && value !== '')!;
    await mics.selectOption(other);
    await expect.poll(() => mics.inputValue()).toBe(other);
    await expect.poll(() => remoteAudioPeak(ownerPage), { timeout: 15_000 }).toBeGreaterThan(0.001);

    // The owner kicks the guest, after confirming.
    await guestRow.getByRole('button', { name: '退出させる…' }).click();
    await ownerPage.getByText(`${GUEST}さんを会議から退出させますか？`).waitFor();
    await guestRow.getByRole('button', { name: '退出させる', exact: true }).click();
    await guestPage.getByRole('heading', { name: '会議から退出させられました' }).waitFor({ timeout: 15_000 });
    await ownerPage.getByRole('heading', { name: '参加者 1人' }).waitFor({ timeout: 15_000 });

    await ownerContext.close();
    await guestPage.context().close();
  });
});

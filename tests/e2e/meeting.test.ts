import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import {
  createWorld,
  decodedFrames,
  enterMeeting,
  guestLink,
  openPanel,
  remoteAudioPeak,
  waitEnabled,
} from './meeting-helpers';

const suite = meetingSuite();

const GUEST = 'ゲスト花子';
const OWNER_NAME = 'デモ主催者';

/** A guest enters by the world's guest link, as a person who got the link would. */
async function guestEntersByLink(url: string, worldId: string): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByText('にゲストとして入場します').waitFor();
  await page.getByLabel(/^お名前/).fill(GUEST);
  await page.getByRole('button', { name: '入場する' }).click();
  await page.waitForURL(`${suite.server.url}/worlds/${worldId}/gate`);
  return page;
}

const micButton = (page: Page) => page.getByRole('button', { name: 'マイク', exact: true });

describe('a meeting between two browsers on the real server', () => {
  it('carries video and audio both ways; the owner forces the mic off and releases it; the guest switches mics; the owner kicks the guest', async () => {
    const worldId = await createWorld(suite.server.url, suite.owner.auth, 'E2E 会議');
    const link = await guestLink(suite.server.url, suite.owner.auth, worldId);

    const ownerContext = await signedInOwner(suite);
    const ownerPage = await ownerContext.newPage();
    await enterMeeting(ownerPage, suite.server.url, worldId);
    await ownerPage.getByRole('heading', { name: '参加者 1人' }).waitFor();

    // The guest: link → name → gate (camera preview, mic meter) → meeting.
    const guestPage = await guestEntersByLink(link.url, worldId);
    await guestPage.locator('video[aria-label="カメラのプレビュー"]').waitFor();
    await expect
      .poll(() => decodedFrames(guestPage, 'カメラのプレビュー'), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await enterMeeting(guestPage, suite.server.url, worldId);

    // Each receives the other's video and audio.
    await ownerPage.getByRole('heading', { name: '参加者 2人' }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => decodedFrames(ownerPage, `${GUEST}さんのカメラ`), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => decodedFrames(guestPage, `${OWNER_NAME}さんのカメラ`), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => remoteAudioPeak(ownerPage), { timeout: 20_000 }).toBeGreaterThan(0.001);
    await expect.poll(() => remoteAudioPeak(guestPage), { timeout: 20_000 }).toBeGreaterThan(0.001);

    // The owner forces the guest's microphone off: it goes off, says why, and cannot be turned on.
    expect(await micButton(guestPage).getAttribute('aria-pressed')).toBe('true');
    await openPanel(ownerPage, '管理');
    const guestRow = ownerPage.getByRole('group', { name: `${GUEST}さんの操作` });
    await guestRow.getByRole('button', { name: 'マイクを強制オフ' }).click();
    await guestPage.getByText('管理者によりオフにされています').waitFor();
    await expect.poll(() => micButton(guestPage).getAttribute('aria-pressed')).toBe('false');
    expect(await micButton(guestPage).isDisabled()).toBe(true);
    await ownerPage.getByRole('region', { name: '管理' }).getByText('（ミュート中）').waitFor();

    // Released: the guest may turn it on again.
    await guestRow.getByRole('button', { name: 'マイクの強制オフを解除' }).click();
    await waitEnabled(guestPage, 'マイク');
    await guestPage.getByText('管理者によりオフにされています').waitFor({ state: 'detached' });
    await micButton(guestPage).click();
    await expect.poll(() => micButton(guestPage).getAttribute('aria-pressed')).toBe('true');

    // Another microphone: the choice sticks and the owner still hears the guest.
    await guestPage.getByRole('button', { name: '設定' }).click();
    const mics = guestPage.getByRole('dialog', { name: '設定' }).getByLabel('使用するマイク');
    const options = await mics
      .locator('option')
      .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
    expect(options.length).toBeGreaterThan(1);
    const current = await mics.inputValue();
    const other = options.find((value) => value !== current && value !== '')!;
    await mics.selectOption(other);
    await expect.poll(() => mics.inputValue()).toBe(other);
    await guestPage.keyboard.press('Escape');
    await expect.poll(() => remoteAudioPeak(ownerPage), { timeout: 15_000 }).toBeGreaterThan(0.001);

    // The owner kicks the guest, after confirming.
    await guestRow.getByRole('button', { name: '退出させる…' }).click();
    await ownerPage.getByText(`${GUEST}さんを会議から退出させますか？`).waitFor();
    await guestRow.getByRole('button', { name: '退出させる', exact: true }).click();
    await guestPage
      .getByRole('heading', { name: '会議から退出させられました' })
      .waitFor({ timeout: 15_000 });
    await ownerPage.getByRole('heading', { name: '参加者 1人' }).waitFor({ timeout: 15_000 });

    await ownerContext.close();
    await guestPage.context().close();
  });
});

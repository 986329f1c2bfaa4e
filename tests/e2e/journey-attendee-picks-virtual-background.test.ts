import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import { near, solidPng, topColour } from './support/pictures';
import { launchChromium } from './support/server';
import {
  MEDIA_FLAGS,
  createWorld,
  decodedFrames,
  enterMeeting,
  guestByApi,
  guestLink,
  ownerSession,
  signedInContext,
} from './meeting-helpers';

// docs/product.md §4, ADR 024: blur or an image behind the camera (a shared one or one's own
// upload), chosen in the device check, sent to the others, remembered; where it cannot run, the
// plain camera and a clear message.

const suite = meetingSuite();
const PREVIEW = 'カメラのプレビュー';
/** The top of public/virtual-backgrounds/forest.svg (its gradient starts at #3f7d58). */
const FOREST_TOP = [0x3f, 0x7d, 0x58];

/** The colour of the visitor's own uploaded background. */
const MINE = [0xc0, 0x3c, 0xb4];
const GIF = Buffer.from(
  '47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b',
  'hex',
);

/** Frames per second the preview shows over `ms` (the segmentation's pace on this machine). */
function previewFps(page: Page, ms = 5_000): Promise<number> {
  return page
    .locator(`video[aria-label="${PREVIEW}"]`)
    .evaluate(async (video: HTMLVideoElement, duration) => {
      const start = video.getVideoPlaybackQuality().totalVideoFrames;
      await new Promise((r) => setTimeout(r, duration));
      return ((video.getVideoPlaybackQuality().totalVideoFrames - start) * 1000) / duration;
    }, ms);
}

describe('journey: an attendee picks a virtual background', () => {
  it('picks blur and an image in the device check, and the others receive the image background', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E バーチャル背景');
    const link = await guestLink(url, suite.owner.auth, worldId);
    const guest = await guestByApi(url, link.token, '背景を選ぶ来場者');
    const guestContext = await signedInContext(suite.browser, guest.auth, guest.userId);
    const page = await guestContext.newPage();
    await page.goto(`${url}/worlds/${worldId}/gate`);
    await expect.poll(() => decodedFrames(page, PREVIEW), { timeout: 15_000 }).toBeGreaterThan(0);
    const rawFps = await previewFps(page, 3_000);

    // A radio group with labels, by keyboard: なし is chosen, arrows move to ぼかし.
    const picker = page.getByRole('group', { name: 'バーチャル背景' });
    const none = picker.getByRole('radio', { name: 'なし' });
    await expect.poll(() => none.isChecked()).toBe(true);
    await picker.getByRole('radio', { name: '森' }).waitFor();
    await none.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => picker.getByRole('radio', { name: 'ぼかし' }).isChecked()).toBe(true);
    // The model loads from our own origin; then the preview is the processed canvas track.
    await picker.getByText('背景を準備しています…').waitFor({ state: 'detached', timeout: 60_000 });
    const previewTrack = () =>
      page
        .locator(`video[aria-label="${PREVIEW}"]`)
        .evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream).getVideoTracks()[0]!.label);
    await expect.poll(previewTrack, { timeout: 30_000 }).not.toMatch(/fake/i);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.screenshot({ path: 'test-results/virtual-background-blur.png' });

    await picker.getByRole('radio', { name: '森' }).check();
    await expect
      .poll(() => topColour(page, `video[aria-label="${PREVIEW}"]`), { timeout: 60_000 })
      .toSatisfy((c: number[]) => near(c, FOREST_TOP));
    const processedFps = await previewFps(page);
    console.log(
      `preview: camera ${rawFps.toFixed(1)} fps, with the image background ${processedFps.toFixed(1)} fps`,
    );
    await page.screenshot({ path: 'test-results/virtual-background-image.png' });

    // Remembered: a reload starts with the forest again.
    await page.reload();
    await expect
      .poll(() => page.getByRole('radio', { name: '森' }).isChecked(), { timeout: 15_000 })
      .toBe(true);

    // Entering keeps it: the owner receives the processed video.
    await enterMeeting(page, url, worldId);
    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    await enterMeeting(owner, url, worldId);
    const tile = 'video[aria-label="背景を選ぶ来場者さんのカメラ"]';
    await expect
      .poll(() => decodedFrames(owner, '背景を選ぶ来場者さんのカメラ'), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => topColour(owner, tile), { timeout: 60_000 })
      .toSatisfy((c: number[]) => near(c, FOREST_TOP));
    await owner.screenshot({ path: 'test-results/virtual-background-received.png' });
    await guestContext.close();
    await ownerContext.close();
  }, 240_000);

  it('uploads an image of their own in the device check: refused ones say why, the upload is chosen at once, kept, and deleted', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E 自分の背景');
    const link = await guestLink(url, suite.owner.auth, worldId);
    const guest = await guestByApi(url, link.token, '自分の背景の来場者');
    const context = await signedInContext(suite.browser, guest.auth, guest.userId);
    const page = await context.newPage();
    await page.goto(`${url}/worlds/${worldId}/gate`);
    await expect.poll(() => decodedFrames(page, PREVIEW), { timeout: 15_000 }).toBeGreaterThan(0);
    const picker = page.getByRole('group', { name: 'バーチャル背景' });
    const input = picker.getByLabel('自分の画像をアップロード');
    await picker.getByText('JPEG・PNG・WebP、5MBまで').waitFor();
    const alert = picker.getByRole('alert');

    // A GIF is refused before uploading; a "PNG" that is text, by the server after it.
    await input.setInputFiles({ name: 'anime.gif', mimeType: 'image/gif', buffer: GIF });
    await alert.getByText('JPEG・PNG・WebP の画像を選んでください。').waitFor();
    await input.setInputFiles({
      name: 'にせもの.png',
      mimeType: 'image/png',
      buffer: Buffer.from('これは画像ではありません'),
    });
    await alert
      .getByText('ファイルの中身が JPEG・PNG・WebP の画像ではありません', { exact: false })
      .waitFor();
    expect(await picker.getByRole('radio', { name: 'にせもの' }).count()).toBe(0);

    // A real PNG: uploaded, listed, chosen at once, and the preview is drawn over it.
    await input.setInputFiles({
      name: 'わたしの部屋.png',
      mimeType: 'image/png',
      buffer: await solidPng(page, MINE),
    });
    const mine = picker.getByRole('radio', { name: 'わたしの部屋' });
    await expect.poll(() => mine.isChecked(), { timeout: 30_000 }).toBe(true);
    expect(await alert.count()).toBe(0);
    await expect
      .poll(() => topColour(page, `video[aria-label="${PREVIEW}"]`), { timeout: 60_000 })
      .toSatisfy((c: number[]) => near(c, MINE));
    await picker.screenshot({ path: 'test-results/virtual-background-upload-desktop.png' });
    await page.setViewportSize({ width: 375, height: 800 });
    await picker.screenshot({ path: 'test-results/virtual-background-upload-phone.png' });

    // Kept: a reload lists it and starts with it again.
    await page.reload();
    await expect.poll(() => mine.isChecked(), { timeout: 15_000 }).toBe(true);

    // Deleted: gone from the list, and the camera is back to no background.
    await picker.getByRole('button', { name: '「わたしの部屋」を削除' }).click();
    await picker.getByRole('status').getByText('「わたしの部屋」を削除しました。').waitFor();
    expect(await mine.count()).toBe(0);
    expect(await picker.getByRole('radio', { name: 'なし' }).isChecked()).toBe(true);
    await context.close();
  }, 180_000);

  it('without WebGL, says so in Japanese and sends the plain camera, never a black video', async () => {
    const browser = await launchChromium([...MEDIA_FLAGS, '--disable-webgl']);
    try {
      const { url } = suite.server;
      // A session of its own: the first test's owner tab rotated the suite's token, which then
      // lasts 30 s (ADR 002).
      const { auth } = await ownerSession(url);
      const worldId = await createWorld(url, auth, 'E2E 背景を使えない');
      const link = await guestLink(url, auth, worldId);
      const guest = await guestByApi(url, link.token, 'WebGL のない来場者');
      const context = await signedInContext(browser, guest.auth, guest.userId);
      const page = await context.newPage();
      await page.goto(`${url}/worlds/${worldId}/gate`);
      await expect.poll(() => decodedFrames(page, PREVIEW), { timeout: 15_000 }).toBeGreaterThan(0);
      // click, not check: without WebGL the choice falls back to なし at once, which check()
      // would take for a click that did nothing.
      await page
        .getByRole('group', { name: 'バーチャル背景' })
        .getByRole('radio', { name: 'ぼかし' })
        .click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'このブラウザーではバーチャル背景を使えません' })
        .waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByRole('radio', { name: 'なし' }).isChecked()).toBe(true);
      const frames = await decodedFrames(page, PREVIEW);
      await expect
        .poll(() => decodedFrames(page, PREVIEW), { timeout: 10_000 })
        .toBeGreaterThan(frames);
      await page.screenshot({ path: 'test-results/virtual-background-fallback.png' });
      await context.close();
    } finally {
      await browser.close();
    }
  }, 120_000);
});

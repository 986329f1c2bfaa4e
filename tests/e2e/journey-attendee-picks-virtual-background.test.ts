import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { meetingSuite } from './support/meeting-suite';
import { launchChromium } from './support/server';
import {
  MEDIA_FLAGS,
  createWorld,
  decodedFrames,
  enterMeeting,
  guestByApi,
  guestLink,
  signedInContext,
} from './meeting-helpers';

// docs/product.md §4, ADR 024: blur or an image behind the camera, chosen in the device check,
// sent to the others, remembered; where it cannot run, the plain camera and a clear message.

const suite = meetingSuite();
const PREVIEW = 'カメラのプレビュー';
/** The top of public/virtual-backgrounds/forest.svg (its gradient starts at #3f7d58). */
const FOREST_TOP = [0x3f, 0x7d, 0x58];

/** The colour in the middle of the top row of a video element's current frame. */
function topColour(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluate((video: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(video, 0, 0);
    return [...ctx.getImageData(Math.floor(canvas.width / 2), 2, 1, 1).data.slice(0, 3)];
  });
}
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 24);

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
    const ownerContext = await signedInContext(suite.browser, suite.owner.auth, suite.owner.userId);
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

  it('without WebGL, says so in Japanese and sends the plain camera, never a black video', async () => {
    const browser = await launchChromium([...MEDIA_FLAGS, '--disable-webgl']);
    try {
      const { url } = suite.server;
      const worldId = await createWorld(url, suite.owner.auth, 'E2E 背景を使えない');
      const link = await guestLink(url, suite.owner.auth, worldId);
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

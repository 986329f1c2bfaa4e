// The owner records a meeting of two attendees on the local media server (ADR 025): the guest
// sees 録画中, the recording becomes ready in the world's recordings list, and the file behind
// its signed URL plays in Chromium with a duration and a picture.
import { describe, expect, it } from 'vitest';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import { latestRecordingPlayed } from './support/recordings';
import {
  createWorld,
  decodedFrames,
  enterMeeting,
  guestByApi,
  guestLink,
  signedInContext,
  openPanel,
} from './meeting-helpers';

const suite = meetingSuite({ MEETING_PROVIDER: 'sfu' });

describe('the owner records a meeting', () => {
  it('records two attendees, lists the recording as ready, and it downloads and plays', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E 録画');
    const link = await guestLink(url, suite.owner.auth, worldId);
    const guest = await guestByApi(url, link.token, '録画ゲスト');
    const viewport = { width: 1000, height: 800 };
    const owner = await (await signedInOwner(suite, { viewport })).newPage();
    const attendee = await (
      await signedInContext(suite.browser, guest.auth, guest.userId, { viewport })
    ).newPage();
    await enterMeeting(owner, url, worldId);
    await enterMeeting(attendee, url, worldId);
    await owner.getByRole('heading', { name: '参加者 2人' }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => decodedFrames(owner, '録画ゲストさんのカメラ'), { timeout: 45_000 })
      .toBeGreaterThan(0);

    // Only owner and staff have the control; everyone in the meeting sees the indicator.
    expect(await attendee.getByRole('button', { name: '録画を開始' }).count()).toBe(0);
    await openPanel(owner, '管理');
    await owner.getByRole('button', { name: '録画を開始' }).click();
    await attendee.getByRole('status').getByText('● 録画中').waitFor({ timeout: 15_000 });
    await owner.getByRole('status').getByText('● 録画中').waitFor();
    await attendee.screenshot({ path: 'test-results/recording-indicator.png' });
    await owner.waitForTimeout(5_000);
    await owner.getByRole('button', { name: '録画を停止' }).click();
    await owner.getByText('録画ファイルができました。').waitFor({ timeout: 30_000 });
    await expect.poll(() => attendee.getByText('● 録画中').count()).toBe(0);

    await owner.goto(`${url}/mypage/worlds/${worldId}?section=recordings`);
    const item = owner.getByRole('list', { name: '録画' }).getByRole('listitem').first();
    await item.getByText(/^完成・/).waitFor({ timeout: 15_000 });
    expect(await item.textContent()).toContain('の録画');
    await owner.screenshot({ path: 'test-results/recordings-list.png', fullPage: true });

    const { recording, played } = await latestRecordingPlayed(owner, url, worldId);
    expect(recording.durationSeconds).toBeGreaterThanOrEqual(3);
    expect(recording.byteSize).toBeGreaterThan(10_000);
    expect(Number.isFinite(played.duration)).toBe(true);
    expect(played.duration).toBeGreaterThan(0);
    expect(played.width).toBeGreaterThan(0);
  }, 240_000);
});

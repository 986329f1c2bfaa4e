// Journey (issue 16, ADR 026): the owner streams the stage; a third person switches to watching
// mode and sees and hears the stage without taking a seat (the attendees and seats unchanged,
// one watcher, not in its own attendee list either), and cannot unmute; its camera and microphone
// are let go while it watches (no capture track live) and open again when it attends. The
// world's other meetings stay on the mesh; the stage runs on the media server, which the watcher
// only receives from.
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { meetingSuite, ownerStreamsTheStage } from './support/meeting-suite';
import {
  decodedFrames,
  enterMeeting,
  guestByApi,
  liveCaptureKinds,
  ownerSession,
  remoteAudioPeak,
} from './meeting-helpers';

const suite = meetingSuite();
const OWNER_NAME = 'デモ主催者';

describe('the owner streams the stage', () => {
  it('a watcher sees and hears the stage without a seat and cannot unmute', async () => {
    const { url, worldId, stageId, link, owner, panel, open } = await ownerStreamsTheStage(
      suite,
      'E2E ライブ配信',
    );
    const listener = await guestByApi(url, link.token, 'ゲスト聴講');
    const viewer = await guestByApi(url, link.token, 'ゲスト視聴');

    // Someone attending in the hall: the world's attendees are two.
    const hall = await open(listener);
    await enterMeeting(hall, url, worldId);
    await hall.getByRole('heading', { name: /^参加者 \d+人$/ }).waitFor({ timeout: 15_000 });
    // The owner's browser rotates the suite's tokens: the checks sign in on their own.
    const reader = await ownerSession(url);
    const attendeesNow = async () => {
      const res = await api(url, `/api/worlds/${worldId}/outline`, { headers: reader.auth });
      if (res.status !== 200) throw new Error(`outline: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json.currentAttendees as number;
    };
    await expect.poll(attendeesNow, { timeout: 10_000 }).toBe(2);

    // The third enters, then switches to watching.
    const watcher = await open(viewer);
    await enterMeeting(watcher, url, worldId);
    // Entered with the camera and microphone on.
    await expect.poll(() => liveCaptureKinds(watcher), { timeout: 10_000 }).toContain('video');
    const watchButton = watcher.getByRole('button', { name: '視聴する' });
    await watchButton.waitFor({ timeout: 15_000 });
    await watchButton.click();
    await watcher.getByText('視聴中です。', { exact: false }).waitFor({ timeout: 20_000 });
    // Watching lets go of the camera and microphone: nothing captures (the lights go off).
    await expect.poll(() => liveCaptureKinds(watcher), { timeout: 10_000 }).toEqual([]);

    // Sees and hears the stage, received from the media server.
    await expect
      .poll(() => decodedFrames(watcher, `${OWNER_NAME}さんのカメラ`), { timeout: 45_000 })
      .toBeGreaterThan(0);
    expect(await remoteAudioPeak(watcher)).toBeGreaterThan(0);

    // No seat, not an attendee: two attendees as before, one watcher.
    expect(await attendeesNow()).toBe(2);
    const stream = await api(url, `/api/worlds/${worldId}/live_streamings/${stageId}`, {
      headers: reader.auth,
    });
    expect(stream.json).toMatchObject({ status: 'live', viewerCount: 1 });
    await panel.getByText('視聴中 1人').waitFor({ timeout: 10_000 });
    await watcher.screenshot({ path: 'test-results/stage-watcher.png', fullPage: true });
    await owner.screenshot({ path: 'test-results/stage-owner-streaming.png', fullPage: true });
    // The stage's attendees are the owner alone: the watcher is not one of them.
    await owner.getByRole('heading', { name: '参加者 1人' }).waitFor();
    // Nor in its own list: the stage's attendees, without 「あなた」.
    await watcher.getByRole('heading', { name: '参加者 1人' }).waitFor({ timeout: 10_000 });
    await watcher.getByText('あなたは視聴中です（参加者には含まれません）。').waitFor();
    expect(
      await watcher
        .getByRole('listitem')
        .filter({ hasText: /^あなた$/ })
        .count(),
    ).toBe(0);
    const seats = await api(url, `/api/mypage/world_user_spaces?worldId=${worldId}`, {
      headers: reader.auth,
    });
    expect((seats.json.items as { userId: string }[]).map((s) => s.userId).sort()).toEqual(
      [suite.owner.userId, listener.userId].sort(),
    );

    // The watcher cannot unmute: no microphone to turn on, and nothing of it reaches the stage.
    expect(await watcher.getByRole('button', { name: /マイク/ }).count()).toBe(0);
    expect(await watcher.getByRole('button', { name: '画面を共有' }).count()).toBe(0);

    // Back to attending: a seat on the stage, the microphone controls again.
    await watcher.getByRole('button', { name: '参加に切り替える' }).click();
    await watcher
      .getByRole('button', { name: /マイク/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await expect.poll(attendeesNow, { timeout: 10_000 }).toBe(3);
    // The camera and microphone chosen at the gate open again, as on entering.
    await expect
      .poll(async () => new Set(await liveCaptureKinds(watcher)), { timeout: 15_000 })
      .toEqual(new Set(['audio', 'video']));
    await watcher
      .getByRole('button', { name: 'カメラ', exact: true, pressed: true })
      .waitFor({ timeout: 10_000 });
    await owner.getByRole('heading', { name: '参加者 2人' }).waitFor({ timeout: 15_000 });
    await watcher.getByRole('heading', { name: '参加者 2人' }).waitFor({ timeout: 15_000 });
    await watcher
      .getByRole('listitem')
      .filter({ hasText: /^あなた$/ })
      .waitFor();
    await panel.getByText('視聴中 0人').waitFor({ timeout: 10_000 });

    await panel.getByRole('button', { name: '配信を停止' }).click();
    await panel.getByText('配信していません').waitFor({ timeout: 10_000 });
  }, 240_000);
});

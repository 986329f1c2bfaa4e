// The devices machine (src/machines/devices.machine.ts) as the world's gate drives it: each event
// a user action in Chromium with fake media (a refusal injected where the path needs one), each
// state what the microphone and camera controls show. Only what the UI can do is mapped; the
// suite lists the transitions it leaves uncovered, and `notes` says why.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { MEDIA_FLAGS } from '../meeting-helpers';
import { actorDone as done, type E2eModel } from './model';
import {
  gatePath,
  meetingSuite,
  meetingWorld,
  openGate,
  type MeetingSuite,
  type MeetingWorld,
} from './meeting-world';

const failed = (id: string, kind?: string) => ({
  type: `xstate.error.actor.${id}`,
  ...(kind ? { where: (e: AnyEventObject) => (e.error as { kind?: string }).kind === kind } : {}),
});
const notDenied = done('checkPermission', (e) => e.output !== 'denied');
const withCamera = done('openMedia', (e) => (e.output as { camera: unknown }).camera !== null);

const toggle = (page: Page, name: 'マイク' | 'カメラ') =>
  page.getByRole('button', { name, exact: true });

async function press(page: Page, name: 'マイク' | 'カメラ', to: boolean) {
  const button = toggle(page, name);
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe(String(!to));
  await button.click();
}

export const model: E2eModel<MeetingWorld, MeetingSuite> = {
  machine: 'devices',
  browserArgs: MEDIA_FLAGS,
  suite: meetingSuite,
  world: meetingWorld,
  notes: [
    '入口（/worlds/<ID>/gate）で、Chromium の偽のマイクとカメラ（--use-fake-ui-for-media-stream --use-fake-device-for-media-stream）を使う。拒否は getUserMedia を 600 ms 後に NotAllowedError で断るものに差し替える（人が答えるより早い拒否はブラウザーのブロックと見なされるため）。ブラウザーでブロック済みは Permissions API の答えを denied に差し替える。',
    '通らない遷移の理由: Permissions API の失敗（アダプターは失敗せず unknown と答える）、デバイスがない・ほかのアプリが使用中・開けなかった・マイクだけ（偽のデバイスは常に両方ある）、マイクとカメラの選択と抜き差し（偽のデバイスは各1台で devicechange が起きない）、画面共有（画面の選択は人の操作が要る）、強制オフとその解除（会議に入ってから所有者が別のブラウザーで行う: meeting.test.ts が確かめる）、エラーを閉じる（この画面ではお知らせが閉じられない）。',
    'ページを離れる: 入口からアプリ内でマイページへ移る（ワールドのアクターが止まり、devices.close を受けて終わる）。',
  ],
  actions: [
    {
      name: '許可済みのブラウザーで入口を開く（偽のマイクとカメラ）',
      steps: [notDenied, withCamera],
      run: (world) => openGate(world),
    },
    {
      name: 'カメラとマイクの確認で「ブロック」を押す',
      steps: [notDenied, failed('openMedia', 'deniedByUser')],
      run: (world) => openGate(world, 'refused'),
    },
    {
      name: 'サイトの設定でカメラとマイクをブロックしてから入口を開く',
      steps: [done('checkPermission', (e) => e.output === 'denied')],
      run: (world) => openGate(world, 'blocked'),
    },
    {
      name: '「もう一度試す」（また「ブロック」）',
      from: ['unavailable.denied'],
      steps: [{ type: 'devices.retry' }, notDenied, failed('openMedia', 'deniedByUser')],
      run: async ({ page }) => {
        await page.getByRole('button', { name: 'もう一度試す' }).click();
      },
    },
    {
      name: 'マイクをオフにする',
      from: ['active'],
      steps: [{ type: 'devices.micOff' }],
      run: ({ page }) => press(page, 'マイク', false),
    },
    {
      name: 'マイクをオンにする',
      from: ['active'],
      steps: [{ type: 'devices.micOn' }],
      run: ({ page }) => press(page, 'マイク', true),
    },
    {
      name: 'カメラをオフにする',
      from: ['active.camera.on'],
      steps: [{ type: 'devices.videoOff' }],
      run: ({ page }) => press(page, 'カメラ', false),
    },
    {
      name: 'カメラをオンにする',
      from: ['active.camera.off'],
      steps: [{ type: 'devices.videoOn' }, done('openCamera')],
      run: ({ page }) => press(page, 'カメラ', true),
    },
    {
      name: 'マイページへ移る',
      from: ['active', 'unavailable'],
      steps: [{ type: 'devices.close' }],
      run: async ({ page }) => {
        await page.evaluate(() => {
          window.history.pushState({ usr: null, key: 'mbt', idx: 1 }, '', '/mypage/worlds');
          window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
        });
      },
    },
  ],
  states: {
    unavailable: async ({ page }) => {
      await page.getByRole('heading', { name: 'カメラとマイクを使えません' }).waitFor();
      await page.getByRole('button', { name: 'マイク・カメラなしで参加' }).waitFor();
    },
    'unavailable.denied': async ({ page }) => {
      await page.getByRole('heading', { name: 'カメラとマイクを使えません' }).waitFor();
      await page
        .getByText(/許可されませんでした|ブロックされています/)
        .first()
        .waitFor();
    },
    // Each region's leaf is checked here (the controls show all four at once).
    active: async ({ page }, step) => {
      const value = step.value as { active: { camera: string } };
      const context = step.context as {
        micEnabled: boolean;
        micForceDisabled: boolean;
        micStream: unknown;
      };
      const micOn = context.micEnabled && !context.micForceDisabled && context.micStream !== null;
      await expect
        .poll(() => toggle(page, 'マイク').getAttribute('aria-pressed'))
        .toBe(String(micOn));
      const cameraOn = value.active.camera === 'on';
      await expect
        .poll(() => toggle(page, 'カメラ').getAttribute('aria-pressed'))
        .toBe(String(cameraOn));
      if (cameraOn) await page.locator('video[aria-label="カメラのプレビュー"]').waitFor();
      else await page.getByText('カメラはオフです').waitFor();
    },
    closed: async (world) => {
      await world.page.waitForURL((url) => url.pathname !== gatePath(world));
      await world.page.getByRole('button', { name: 'ログアウト' }).waitFor();
    },
  },
};

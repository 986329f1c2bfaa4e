// Shared by the meeting e2e suites and bench:meeting: Chromium with fake media, a world with a
// guest link, pages signed in through storage, and checks that media really arrives.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { demoAccount } from '../../server/app/seed';
import { api, authHeaders } from './support/api';
import { launchChromium } from './support/server';

/**
 * Fake camera and microphone that need no prompt; autoplay without a gesture so that the
 * audio check's AudioContext runs in a page the test drives (a person would have clicked).
 */
export const MEDIA_FLAGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

export function launchMeetingChromium(): Promise<Browser> {
  return launchChromium(MEDIA_FLAGS);
}

export type Auth = Record<'access-token' | 'client' | 'uid', string>;

export async function ownerSession(
  baseUrl: string,
): Promise<{ auth: Auth; worldId: string; userId: string }> {
  const signIn = await api(baseUrl, '/api/auth/sign_in', {
    method: 'POST',
    body: { email: demoAccount.email, password: demoAccount.password },
  });
  if (signIn.status !== 200) throw new Error(`sign in: ${signIn.status}`);
  const auth = authHeaders(signIn);
  const worlds = await api(baseUrl, '/api/mypage/worlds', { headers: auth });
  return {
    auth,
    worldId: worlds.json.items[0].id as string,
    userId: signIn.json.data.id as string,
  };
}

/** A new world of the owner (each suite its own, so that meetings do not mix). */
export async function createWorld(baseUrl: string, auth: Auth, name: string): Promise<string> {
  const res = await api(baseUrl, '/api/mypage/worlds', {
    method: 'POST',
    headers: auth,
    body: { name },
  });
  if (res.status !== 201)
    throw new Error(`create world: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.id as string;
}

/**
 * Lays the world out as a hall (50 seats) under a stage (5) (ADR 026); answers the stage's space
 * id.
 */
export async function saveHallAndStage(
  baseUrl: string,
  auth: Auth,
  worldId: string,
  name: string,
): Promise<string> {
  const res = await api(baseUrl, `/api/mypage/layouts/${worldId}`, {
    method: 'PATCH',
    headers: auth,
    body: {
      name,
      baseSpaceId: null,
      backgroundColor: '#FFFFFF',
      backgroundImageUrl: null,
      version: 0,
      spaces: [
        { name: 'ホール', kind: 'hall', x: 0, y: 240, width: 1200, height: 560, capacity: 50 },
        { name: 'ステージ', kind: 'stage', x: 0, y: 0, width: 1200, height: 240, capacity: 5 },
      ],
    },
  });
  if (res.status !== 200) throw new Error(`layout: ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json.spaces as { id: string; kind: string }[]).find((s) => s.kind === 'stage')!.id;
}

/** Lays the world out as a hall and two tables, テーブルA and テーブルB, of `capacity` seats each. */
export async function saveTwoTables(baseUrl: string, auth: Auth, worldId: string, capacity = 4) {
  const table = { kind: 'table', y: 40, width: 240, height: 240, capacity };
  const res = await api(baseUrl, `/api/mypage/layouts/${worldId}`, {
    method: 'PATCH',
    headers: auth,
    body: {
      version: 0,
      name: '会場',
      baseSpaceId: null,
      backgroundColor: '#F6F8FA',
      backgroundImageUrl: null,
      spaces: [
        { name: 'メインホール', kind: 'hall', x: 0, y: 0, width: 600, height: 800, capacity: 100 },
        { name: 'テーブルA', x: 640, ...table },
        { name: 'テーブルB', x: 920, ...table },
      ],
    },
  });
  if (res.status !== 200) throw new Error(`layout: ${res.status} ${JSON.stringify(res.json)}`);
}

/**
 * From inside the world: moves `page` onto the stage and starts streaming it from the
 * 「ライブ配信」 panel, which it answers once it says 配信中.
 */
export async function streamTheStage(page: Page) {
  // The map is shown by default on a wide screen.
  const showMap = page.getByRole('button', { name: 'マップを表示' });
  if (await showMap.isVisible()) await showMap.click();
  await page.getByRole('button', { name: '「ステージ」に移動' }).click();
  await page.getByText('いまいる場所: ステージ').waitFor({ timeout: 30_000 });
  // Owner and staff start it from 管理 (ADR 040), which then stays open.
  await openPanel(page, '管理');
  const panel = page.getByRole('region', { name: 'ライブ配信の操作' });
  await panel.getByText('配信していません').waitFor();
  await panel.getByRole('button', { name: '配信を開始' }).click();
  await panel
    .getByText('配信中', { exact: true })
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      await page.screenshot({ path: 'test-results/stage-owner-start-failed.png' });
      throw error;
    });
  return panel;
}

export async function guestLink(
  baseUrl: string,
  auth: Auth,
  worldId: string,
): Promise<{ url: string; token: string }> {
  const res = await api(baseUrl, `/api/mypage/worlds/${worldId}/world_guest_tokens`, {
    method: 'POST',
    headers: auth,
    body: { label: 'e2e' },
  });
  if (res.status !== 201) throw new Error(`guest link: ${res.status} ${JSON.stringify(res.json)}`);
  return { url: res.json.url as string, token: res.json.token as string };
}

/** A guest entered through the API: its auth headers and user id. */
export async function guestByApi(
  baseUrl: string,
  token: string,
  name: string,
): Promise<{ auth: Auth; userId: string }> {
  const res = await api(baseUrl, `/api/world_guest_tokens/${token}`, {
    method: 'POST',
    body: { name },
  });
  if (res.status !== 201) throw new Error(`guest entry: ${res.status} ${JSON.stringify(res.json)}`);
  return { auth: authHeaders(res), userId: res.json.data.id as string };
}

/** A browser context whose storage already holds a session (as after signing in). */
export async function signedInContext(
  browser: Browser,
  auth: Auth,
  userId: string,
  options: Pick<BrowserContextOptions, 'viewport' | 'hasTouch' | 'isMobile'> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, ...options });
  await context.addInitScript(
    ([token, client, uid, id]) => {
      if (localStorage.getItem('authAccessToken')) return;
      localStorage.setItem('authAccessToken', token);
      localStorage.setItem('authClient', client);
      localStorage.setItem('authUid', uid);
      localStorage.setItem('userId', id);
    },
    [auth['access-token'], auth.client, auth.uid, userId] as const,
  );
  return context;
}

/** Through the gate into the meeting, as a person does. */
export async function enterMeeting(page: Page, baseUrl: string, worldId: string): Promise<void> {
  if (!page.url().endsWith(`/worlds/${worldId}/gate`))
    await page.goto(`${baseUrl}/worlds/${worldId}/gate`);
  const enter = page.getByRole('button', { name: '入場する' });
  await enter.waitFor();
  await waitEnabled(page, '入場する');
  await enter.click();
  await page.waitForURL(`${baseUrl}/worlds/${worldId}`);
}

/**
 * Opens the world page's side panel `name` (参加者, お知らせ, アンケート, ベル, チャット) from the
 * toolbar unless it is open already: on a wide page 参加者 is open on entry, on a phone none is.
 */
export async function openPanel(page: Page, name: string): Promise<void> {
  const button = page
    .getByRole('region', { name: '会議の操作' })
    .getByRole('button', { name: new RegExp(`^${name}`) });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

export async function waitEnabled(page: Page, buttonName: string, timeout = 15_000): Promise<void> {
  const button = page.getByRole('button', { name: buttonName, exact: true });
  const until = Date.now() + timeout;
  while (!(await button.isEnabled())) {
    if (Date.now() > until) throw new Error(`button ${buttonName} stayed disabled`);
    await page.waitForTimeout(100);
  }
}

/** Frames of the video labelled `label` were decoded and shown (not merely a black element). */
export function decodedFrames(page: Page, label: string): Promise<number> {
  return page
    .locator(`video[aria-label="${label}"]`)
    .evaluate((video: HTMLVideoElement) =>
      video.videoWidth > 0 ? video.getVideoPlaybackQuality().totalVideoFrames : 0,
    )
    .catch(() => 0);
}

/**
 * The loudest moment (RMS) of the meeting's remote audio over `ms`: Chromium's fake microphone
 * beeps, so a working path shows a clear peak and a broken one stays at zero.
 */
export function remoteAudioPeak(page: Page, ms = 2_500): Promise<number> {
  return page
    .locator('audio[data-meeting-audio]')
    .evaluate(async (audio: HTMLAudioElement, duration: number) => {
      const stream = audio.srcObject;
      if (!(stream instanceof MediaStream) || stream.getAudioTracks().length === 0) return 0;
      const context = new AudioContext();
      await context.resume();
      const analyser = context.createAnalyser();
      context.createMediaStreamSource(stream).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      let peak = 0;
      const end = performance.now() + duration;
      while (performance.now() < end) {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const s of samples) sum += s * s;
        peak = Math.max(peak, Math.sqrt(sum / samples.length));
        await new Promise((r) => setTimeout(r, 50));
      }
      await context.close();
      return peak;
    }, ms);
}

/**
 * Records in `window.__captureTracks` every track the page's getUserMedia opened and every clone
 * of one (a clone keeps the device capturing too): what keeps the camera and microphone lights on.
 */
export async function recordCaptureTracks(context: BrowserContext): Promise<void> {
  await context.addInitScript(`(() => {
    const tracks = [];
    window.__captureTracks = tracks;
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
    const clone = MediaStreamTrack.prototype.clone;
    MediaStreamTrack.prototype.clone = function () {
      const copy = clone.call(this);
      if (tracks.includes(this)) tracks.push(copy);
      return copy;
    };
  })()`);
}

/** The kinds of the recorded capture tracks still live (recordCaptureTracks), sorted. */
export function liveCaptureKinds(page: Page): Promise<string[]> {
  return page.evaluate(`(window.__captureTracks ?? [])
    .filter((track) => track.readyState === 'live')
    .map((track) => track.kind)
    .sort()`);
}

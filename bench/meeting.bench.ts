// npm run bench:meeting: two attendees of the local mesh on one machine, in Chromium with fake
// devices, against the real server and the built app (npm run build first).
//   join: from pressing 入場する (the second attendee) to the first decoded frame of the other's
//         camera, on the side that pressed, then leaving and entering again;
//   mic switch: from choosing another microphone to the device statechart being ready with it
//         (the new device opened, the old released, the meeting's sending track replaced);
//   listening in: from pressing 「「テーブルA」を聞く」 at テーブルB to the first audio packet of the
//         one at テーブルA (four seats: the media server), then 聞くのをやめる (ADR 038).
// Median (and min/max) of BENCH_ROUNDS runs each, and the ratio to a baseline measured in the
// same browser (bare WebRTC: two RTCPeerConnections in one page, no server, no signalling; a
// bare getUserMedia + replaceTrack for the switch), since absolute times depend on the machine.
import type { Page } from 'playwright-core';
import {
  enterMeeting,
  guestByApi,
  guestLink,
  launchMeetingChromium,
  ownerSession,
  createWorld,
  saveTwoTables,
  signedInContext,
  waitEnabled,
} from '../tests/e2e/meeting-helpers';
import { startE2eServer } from '../tests/e2e/support/server';
import { median } from './support';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

/**
 * Resolves with the ms from now until a remote camera shows a decoded frame in `page`. A string,
 * because tsx would wrap a function's inner names with a helper the page does not have.
 */
function firstRemoteFrame(page: Page): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve) => {
    const start = performance.now();
    const tick = () => {
      const videos = [...document.querySelectorAll('video[aria-label$="さんのカメラ"]')];
      if (videos.some((v) => v.videoWidth > 0 && v.getVideoPlaybackQuality().totalVideoFrames > 0)) resolve(performance.now() - start);
      else setTimeout(tick, 5);
    };
    tick();
  })`);
}

async function timeJoin(page: Page, baseUrl: string, worldId: string): Promise<number> {
  await page.goto(`${baseUrl}/worlds/${worldId}/gate`);
  await waitEnabled(page, '入場する', 30_000);
  const measured = firstRemoteFrame(page);
  await page.getByRole('button', { name: '入場する' }).click();
  const ms = await measured;
  await page.getByRole('button', { name: '退出する' }).click();
  await page.getByRole('heading', { name: '会議から退出しました' }).waitFor();
  return ms;
}

/**
 * From pressing 「「テーブルA」を聞く」 to the table's first audio packet in `page` (a remote
 * microphone track unmutes when its first RTP arrives), then back to テーブルB.
 */
async function timeListen(page: Page): Promise<number> {
  const measured = page.evaluate<number>(`new Promise((resolve) => {
    let start = 0;
    document.addEventListener('click', () => (start = performance.now()), { capture: true, once: true });
    const tick = () => {
      const stream = document.querySelector('audio[data-meeting-audio]')?.srcObject;
      const heard = stream instanceof MediaStream &&
        stream.getAudioTracks().some((t) => !t.muted && t.readyState === 'live');
      if (start > 0 && heard) resolve(performance.now() - start);
      else setTimeout(tick, 5);
    };
    tick();
  })`);
  await page.getByRole('button', { name: '「テーブルA」を聞く' }).click();
  const ms = await measured;
  await page.getByRole('button', { name: '聞くのをやめる' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'いまいる場所: テーブルB' })
    .waitFor({ timeout: 30_000 });
  return ms;
}

/** A guest of `token` in the world, moved to `table`. */
async function seatedGuest(
  browser: Awaited<ReturnType<typeof launchMeetingChromium>>,
  baseUrl: string,
  worldId: string,
  token: string,
  table: string,
) {
  const guest = await guestByApi(baseUrl, token, `ベンチ ${table}`);
  const page = await (await signedInContext(browser, guest.auth, guest.userId)).newPage();
  await enterMeeting(page, baseUrl, worldId);
  await page.getByRole('button', { name: `「${table}」に移動` }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `いまいる場所: ${table}` })
    .waitFor({ timeout: 30_000 });
  return page;
}

/** From the change of the microphone selector to the end of its busy state, timed in the page. */
async function timeMicSwitch(page: Page, deviceId: string): Promise<number> {
  const measured = page.evaluate<number>(`new Promise((resolve) => {
    const select = document.querySelector('#audio-input');
    let start = 0;
    let busy = false;
    select.addEventListener('change', () => (start = performance.now()), { once: true });
    new MutationObserver((_, observer) => {
      if (select.hasAttribute('aria-busy')) busy = true;
      else if (busy) {
        observer.disconnect();
        resolve(performance.now() - start);
      }
    }).observe(select, { attributes: true, attributeFilter: ['aria-busy'] });
  })`);
  await page.getByLabel('使用するマイク').selectOption(deviceId);
  return measured;
}

/** Bare WebRTC in one page: from the offer to the first decoded frame of the camera sent across. */
const bareJoin = `new Promise(async (resolve) => {
  const stream = await navigator.mediaDevices.getUserMedia({ video: true });
  const a = new RTCPeerConnection({ iceServers: [] });
  const b = new RTCPeerConnection({ iceServers: [] });
  a.onicecandidate = (e) => e.candidate && b.addIceCandidate(e.candidate);
  b.onicecandidate = (e) => e.candidate && a.addIceCandidate(e.candidate);
  const video = document.createElement('video');
  video.muted = true;
  document.body.append(video);
  b.ontrack = (e) => { video.srcObject = e.streams[0]; video.play(); };
  const start = performance.now();
  stream.getTracks().forEach((t) => a.addTrack(t, stream));
  const offer = await a.createOffer();
  await a.setLocalDescription(offer);
  await b.setRemoteDescription(offer);
  const answer = await b.createAnswer();
  await b.setLocalDescription(answer);
  await a.setRemoteDescription(answer);
  const tick = () => {
    if (video.videoWidth > 0 && video.getVideoPlaybackQuality().totalVideoFrames > 0) {
      resolve(performance.now() - start);
      a.close(); b.close(); stream.getTracks().forEach((t) => t.stop()); video.remove();
    } else setTimeout(tick, 5);
  };
  tick();
})`;

/** Bare switch: open the next microphone and put its track on a sender. */
const bareMicSwitch = (round: number) => `new Promise(async (resolve) => {
  const mics = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'audioinput' && d.deviceId && d.deviceId !== 'default');
  const open = (d) => navigator.mediaDevices.getUserMedia({ audio: { deviceId: { exact: d.deviceId } } });
  const first = await open(mics[${round} % mics.length]);
  const pc = new RTCPeerConnection({ iceServers: [] });
  const sender = pc.addTrack(first.getAudioTracks()[0], first);
  const start = performance.now();
  const next = await open(mics[(${round} + 1) % mics.length]);
  await sender.replaceTrack(next.getAudioTracks()[0]);
  first.getTracks().forEach((t) => t.stop());
  resolve(performance.now() - start);
  next.getTracks().forEach((t) => t.stop()); pc.close();
})`;

const line = (name: string, list: number[]) =>
  console.log(
    `${name.padEnd(38)} median ${median(list).toFixed(0).padStart(5)} ms  (min ${Math.min(...list).toFixed(0)}, max ${Math.max(...list).toFixed(0)}, n=${list.length})`,
  );

async function main() {
  const server = await startE2eServer();
  const browser = await launchMeetingChromium();
  try {
    const owner = await ownerSession(server.url);
    const worldId = await createWorld(server.url, owner.auth, 'ベンチ 会議');
    const link = await guestLink(server.url, owner.auth, worldId);
    const guest = await guestByApi(server.url, link.token, 'ベンチ ゲスト');

    const ownerPage = await (await signedInContext(browser, owner.auth, owner.userId)).newPage();
    await enterMeeting(ownerPage, server.url, worldId);
    const guestPage = await (await signedInContext(browser, guest.auth, guest.userId)).newPage();

    const joins: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      joins.push(await timeJoin(guestPage, server.url, worldId));
      console.log(`round ${round}: enter → first remote frame ${joins.at(-1)!.toFixed(0)} ms`);
    }

    await enterMeeting(guestPage, server.url, worldId);
    await guestPage.locator('#audio-input option').nth(1).waitFor({ state: 'attached' });
    const mics = await guestPage
      .getByLabel('使用するマイク')
      .locator('option')
      .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    if (mics.length < 2) throw new Error('Chromium offered one microphone: nothing to switch to');
    const switches: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      switches.push(await timeMicSwitch(guestPage, mics[round % mics.length]!));
      console.log(`round ${round}: mic switch ${switches.at(-1)!.toFixed(0)} ms`);
    }

    const tablesId = await createWorld(server.url, owner.auth, 'ベンチ 聞く');
    await saveTwoTables(server.url, owner.auth, tablesId);
    const tablesLink = await guestLink(server.url, owner.auth, tablesId);
    await seatedGuest(browser, server.url, tablesId, tablesLink.token, 'テーブルA');
    const listener = await seatedGuest(
      browser,
      server.url,
      tablesId,
      tablesLink.token,
      'テーブルB',
    );
    const listens: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      listens.push(await timeListen(listener));
      console.log(`round ${round}: listening in → first audio ${listens.at(-1)!.toFixed(0)} ms`);
    }

    const bare = await (await signedInContext(browser, owner.auth, owner.userId)).newPage();
    await bare.goto(`${server.url}/contact`);
    const bareJoins: number[] = [];
    const bareSwitches: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      bareJoins.push(await bare.evaluate<number>(bareJoin));
      bareSwitches.push(await bare.evaluate<number>(bareMicSwitch(round)));
    }

    console.log(`\nlocal mesh, two attendees in one Chromium (fake devices); ${rounds} rounds`);
    line('enter → first remote video frame', joins);
    line('  baseline: bare WebRTC in one page', bareJoins);
    line('microphone switch', switches);
    line('  baseline: getUserMedia+replaceTrack', bareSwitches);
    line('listening in → first audio (4 seats)', listens);
    console.log(
      `ratios to the baselines (median/median): enter ${(median(joins) / median(bareJoins)).toFixed(2)}, mic switch ${(median(switches) / median(bareSwitches)).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();

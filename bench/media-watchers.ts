// The watchers part of npm run bench:media (ADR 026): one speaker on the stage, streaming it, and
// BENCH_WATCHERS (20) watchers on the local media server, each its own browser context of a
// second Chromium without media devices (the speaker's has fake ones). Every watcher waits at the
// gate with "ステージの配信を視聴する" ready (browser start-up and page load are before the clock
// starts); all press it at the same moment and the time is until the last of them decodes the
// stage's first frame (target: 2 s). It prints when each step happened over the watchers (the
// press, the watch request, offer, answer, ICE, DTLS, first video packet, first frame, and the
// attendee panel's read of the meeting), each page's renderer CPU until its first frame, the CPU
// of the browsers and of the server before and during the joins, and the API requests meanwhile. The world's other meetings stay on the mesh (the default).
import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { api } from '../tests/e2e/support/api';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  launchMeetingChromium,
  MEDIA_FLAGS,
  ownerSession,
  saveHallAndStage,
  signedInContext,
  streamTheStage,
} from '../tests/e2e/meeting-helpers';
import { launchChromium, startE2eServer } from '../tests/e2e/support/server';
import { cpuTicks, recordPeerConnections, TICKS_PER_SECOND } from './media-stats';

const WATCH = /^ステージの配信を視聴する/;

/**
 * The moment (ms since the epoch) `page` shows a decoded frame of the speaker's camera; -1 after
 * 30 s. The video element is looked for every 50 ms and its first frame is then told by the
 * browser (requestVideoFrameCallback): twenty pages polling every few ms took CPU from the
 * watchers themselves.
 */
function stageFrame(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    setTimeout(() => resolve(-1), 30000);
    const look = () => {
      const video = document.querySelector('video[aria-label$="さんのカメラ"]');
      if (video && video.videoWidth > 0 && video.getVideoPlaybackQuality().totalVideoFrames > 0)
        resolve(performance.timeOrigin + performance.now());
      else if (video) video.requestVideoFrameCallback((now) => resolve(performance.timeOrigin + now));
      else setTimeout(look, 50);
    };
    look();
  })`);
}

/** Remembers when the page was first clicked (the watch button: nothing else is clicked). */
const recordClick = `document.addEventListener('click', () => (window.__benchClick ??= performance.now()), true)`;

/** Presses the watch button at `epochMs` by the page's own clock. */
const pressAt = (epochMs: number) => `new Promise((resolve) => setTimeout(() => {
  [...document.querySelectorAll('button')].find((b) => b.textContent.startsWith('ステージの配信を視聴する')).click();
  resolve();
}, ${epochMs} - performance.timeOrigin - performance.now()))`;

/** The paths (ids left out) of the page's API requests started after `epochMs`. */
const apiRequestsSince =
  (epochMs: number) =>
  (page: Page): Promise<string[]> =>
    page.evaluate(
      `performance.getEntriesByType('resource').filter((e) => performance.timeOrigin + e.startTime >= ${epochMs} && e.name.includes('/api/')).map((e) => new URL(e.name).pathname.replace(/[0-9a-f-]{36}/g, ':id'))`,
    );

/**
 * A watcher's moments, ms since the epoch: its click, the watch request (PATCH
 * watching_streamings) sent and answered, the meeting read (the attendee panel's), and its
 * connection's milestones (media-stats.ts: offered, answered, ICE, DTLS, first video packet).
 */
function watcherMoments(page: Page): Promise<Record<string, number>> {
  return page.evaluate(`(() => {
    const at = (t) => performance.timeOrigin + t;
    const out = {};
    if (window.__benchClick !== undefined) out.click = at(window.__benchClick);
    const since = window.__benchClick ?? 0;
    for (const e of performance.getEntriesByType('resource')) {
      if (e.startTime < since) continue;
      const path = new URL(e.name).pathname;
      if (path.includes('/watching_streamings/')) {
        out.watchSent ??= at(e.startTime);
        out.watchAnswered ??= at(e.responseEnd);
      } else if (/chime_meetings\\/[^/]+$/.test(path)) out.listed ??= at(e.responseEnd);
    }
    const pc = (window.__benchPeerConnections ?? [])[0];
    for (const [name, t] of Object.entries(pc?.__benchTimes ?? {})) out[name] = at(t);
    return out;
  })()`);
}

const phases = [
  'click',
  'watchSent',
  'watchAnswered',
  'listed',
  'created',
  'offered',
  'answered',
  'ice',
  'connected',
  'rtp',
  'frame',
] as const;

/**
 * CPU seconds the page's renderer process has used (Chrome's ProcessTime), through a CDP session
 * opened before the clock starts.
 */
async function rendererCpu(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'ProcessTime')?.value ?? NaN;
  };
}

/** min / median / max of `values`, as whole numbers. */
function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return [sorted[0]!, sorted[Math.floor(sorted.length / 2)]!, sorted.at(-1)!]
    .map((v) => v.toFixed(0))
    .join('/');
}

/** Each phase's moment over the watchers, ms after `started`: min / median / max. */
function timeline(moments: Array<Record<string, number>>, started: number): string {
  return phases
    .map((name) => {
      const values = moments
        .map((m) => m[name])
        .filter((v): v is number => v !== undefined && v > 0)
        .map((v) => v - started)
        .sort((a, b) => a - b);
      if (values.length === 0) return `${name} -`;
      const median = values[Math.floor(values.length / 2)]!;
      return `${name} ${values[0]!.toFixed(0)}/${median.toFixed(0)}/${values.at(-1)!.toFixed(0)}`;
    })
    .join('  ');
}

/**
 * `nodeArgs`: options for the server's node (bench:media's --cpu-prof); `env`: the server's
 * (a DATABASE_URL instead of the embedded PGlite).
 */
export async function measureWatchers(
  count: number,
  nodeArgs: string[] = [],
  env: Record<string, string> = {},
) {
  const server = await startE2eServer(env, nodeArgs);
  const browser = await launchMeetingChromium();
  // Watching needs no camera or microphone, and twenty fake cameras previewed at the gate of one
  // machine took most of its two cores before anyone pressed (ADR 026): the watchers' Chromium
  // has no media devices (the gate then says so, and offers watching all the same).
  const watcherBrowser = await launchChromium(
    MEDIA_FLAGS.filter((flag) => flag !== '--use-fake-device-for-media-stream'),
  );
  try {
    const owner = await ownerSession(server.url);
    const worldId = await createWorld(server.url, owner.auth, `ベンチ 視聴 ${count}`);
    const stageId = await saveHallAndStage(server.url, owner.auth, worldId, 'ベンチ');
    const link = await guestLink(server.url, owner.auth, worldId);
    const speaker = await (await signedInContext(browser, owner.auth, owner.userId)).newPage();
    await enterMeeting(speaker, server.url, worldId);
    await streamTheStage(speaker);

    const watchers: Page[] = [];
    for (let i = 1; i <= count; i++) {
      const guest = await guestByApi(server.url, link.token, `ベンチ 視聴者${i}`);
      const context = await signedInContext(watcherBrowser, guest.auth, guest.userId);
      await recordPeerConnections(context);
      await context.addInitScript(recordClick);
      const page = await context.newPage();
      // Through the world page, which sends the visitor to the gate: its code is then loaded,
      // so the time below is the watching, not the first download of the page's chunk.
      await page.goto(`${server.url}/worlds/${worldId}`);
      await page.waitForURL(`${server.url}/worlds/${worldId}/gate`);
      watchers.push(page);
    }
    for (const page of watchers)
      await page.getByRole('button', { name: WATCH }).waitFor({ timeout: 60_000 });
    // What the waiting pages cost (the speaker's and the watchers' at the gate), then the burst.
    const idle = cpuTicks();
    await new Promise((r) => setTimeout(r, 5000));
    const cpu = (from: { browser: number; server: number }, ms: number) => {
      const now = cpuTicks();
      const cores = (ticks: number) => (ticks / TICKS_PER_SECOND / (ms / 1000)).toFixed(2);
      return `browsers ${cores(now.browser - from.browser)}, server ${cores(now.server - from.server)} cores`;
    };
    console.log(`before the clicks (5 s): ${cpu(idle, 5000)}; load ${loadavg()[0]!.toFixed(1)}`);
    const burst = cpuTicks();
    // Every watcher presses the button at the same moment, by its own clock: the time is the
    // product's, not the driver's (Playwright's clicks to 20 pages land over seconds).
    const readCpu = await Promise.all(watchers.map(rendererCpu));
    const cpuBefore = await Promise.all(readCpu.map((read) => read()));
    const cpuAtFrame: number[] = [];
    const started = Date.now() + 1000;
    console.log('STARTED', started);
    const frames = watchers.map((page, i) =>
      page
        .evaluate(pressAt(started))
        .then(() => stageFrame(page))
        .then(async (t) => {
          cpuAtFrame[i] = await readCpu[i]!();
          return t;
        }),
    );
    const times = await Promise.all(frames);
    const all = times.includes(-1) ? -1 : Math.max(...times) - started;
    console.log(
      `during the joins: ${cpu(burst, Date.now() - started)}; load ${loadavg()[0]!.toFixed(1)}`,
    );
    // What one watcher costs its browser from the press to the first frame, and so the least time
    // all of them need on this machine's cores even if nothing else ran (ADR 026).
    const perPage = cpuAtFrame.map((at, i) => (at - cpuBefore[i]!) * 1000);
    const floor = perPage.reduce((a, b) => a + b, 0) / availableParallelism();
    console.log(
      `renderer CPU per watcher page from the press to its first frame (min/median/max): ${spread(perPage)} ms; all ${count} on ${availableParallelism()} cores: at least ${floor.toFixed(0)} ms`,
    );
    const seen = times.filter((ms) => ms >= 0).length;
    const moments = await Promise.all(watchers.map(watcherMoments));
    moments.forEach((m, i) => (m.frame = times[i]!));
    console.log(
      `watchers' moments, ms after the press (min/median/max): ${timeline(moments, started)}`,
    );
    const requests = (await Promise.all([speaker, ...watchers].map(apiRequestsSince(started))))
      .flat()
      .reduce((counts, path) => counts.set(path, (counts.get(path) ?? 0) + 1), new Map());
    console.log(
      `API requests of all pages meanwhile: ${[...requests].map(([path, n]) => `${n} ${path}`).join(', ')}`,
    );
    if (seen < count)
      await watchers[times.indexOf(-1)]!.screenshot({
        path: 'test-results/bench-watcher-missing.png',
      });
    const viewers = await api(server.url, `/api/worlds/${worldId}/live_streamings/${stageId}`, {
      headers: (await ownerSession(server.url)).auth,
    });
    return { all, seen, viewerCount: viewers.json.viewerCount as number };
  } finally {
    await watcherBrowser.close();
    await browser.close();
    await server.stop();
  }
}

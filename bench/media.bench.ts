// npm run bench:media: N attendees (3 and 6) of one meeting on one machine, in Chromium with fake
// devices, against the real server and the built app (npm run build first), once on the mesh
// (MEETING_PROVIDER=local) and once on the local media server (sfu), in the same run (ADR 023):
//   first remote frame: from the last attendee pressing 入場する to its first decoded frame of
//         another's camera, and to frames from all the others;
//   CPU: seconds of CPU per minute (utime+stime from /proc) of all Chromium processes and of the
//         server process, over BENCH_SECONDS of the full meeting with every video flowing.
// The ratios mesh / media server are the result: absolute figures depend on the machine.
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  MEDIA_FLAGS,
  ownerSession,
  signedInContext,
  waitEnabled,
} from '../tests/e2e/meeting-helpers';
import { launchChromium, startE2eServer } from '../tests/e2e/support/server';
import {
  type VideoSummary,
  audioPackets,
  connectionTimeline,
  cpuTicks,
  TICKS_PER_SECOND,
  formatVideo,
  recordPeerConnections,
  summarize,
  rtpCounters,
} from './media-stats';
import { measureWatchers } from './media-watchers';
import { createScratchDatabase } from '../tests/support/scratch-database';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const sizes = (process.env.BENCH_SIZES ?? '3,6').split(',').filter(Boolean).map(Number);
/** 1 speaker → this many watchers on the media server (ADR 026); 0 leaves it out. */
const watcherCount = Number(process.env.BENCH_WATCHERS ?? 20);
/**
 * The fake camera's frame rate, the same for both paths (15: the Amazon Chime SDK's default
 * video): a modest source, so that the comparison is less often two saturated machines.
 */
const cameraFps = Number(process.env.BENCH_CAMERA_FPS ?? 15);
const chromiumFlags = MEDIA_FLAGS.map((flag) =>
  flag === '--use-fake-device-for-media-stream' ? `${flag}=fps=${cameraFps}` : flag,
);
/**
 * A directory for V8 CPU profiles of the server in each media server case (node --cpu-prof: one
 * file per thread, the largest is the server's main thread).
 */
const profileDir = process.env.BENCH_PROFILE_DIR;
/**
 * An admin URL of a PostgreSQL server (BENCH_DATABASE_URL): the watchers part then also runs on a
 * scratch database there, after the embedded PGlite, and prints the ratio.
 */
const postgresUrl = process.env.BENCH_DATABASE_URL;

/**
 * Ms from now until the first and until `count` remote cameras show decoded frames in `page` (a
 * string: see bench:meeting), and the page's performance.now() at the start.
 */
function remoteFrames(
  page: Page,
  count: number,
): Promise<{ first: number; all: number; start: number }> {
  return page.evaluate(`new Promise((resolve) => {
    const start = performance.now();
    let first = 0;
    const tick = () => {
      const videos = [...document.querySelectorAll('video[aria-label$="さんのカメラ"]')];
      const shown = videos.filter((v) => v.videoWidth > 0 && v.getVideoPlaybackQuality().totalVideoFrames > 0);
      if (shown.length > 0 && !first) first = performance.now() - start;
      if (shown.length >= ${count}) resolve({ first, all: performance.now() - start, start });
      else setTimeout(tick, 5);
    };
    tick();
  })`);
}

function shownCameras(page: Page): Promise<number> {
  return page.evaluate(
    `[...document.querySelectorAll('video[aria-label$="さんのカメラ"]')].filter((v) => v.videoWidth > 0).length`,
  );
}

type Result = {
  first: number;
  all: number;
  browser: number;
  server: number;
  /** The machine's 1-minute load average at the end of the CPU window. */
  load: number;
  sent: VideoSummary;
  received: VideoSummary;
  /** Audio packets per second sent and received by all pages together. */
  audio: { sent: number; received: number };
};

async function measure(provider: 'local' | 'sfu', size: number): Promise<Result> {
  const profile =
    profileDir && provider === 'sfu'
      ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/sfu-${size}`]
      : [];
  const server = await startE2eServer({ MEETING_PROVIDER: provider }, profile);
  const browser = await launchChromium(chromiumFlags);
  try {
    const owner = await ownerSession(server.url);
    const worldId = await createWorld(server.url, owner.auth, `ベンチ ${provider} ${size}`);
    const link = await guestLink(server.url, owner.auth, worldId);
    const people: Array<{ auth: typeof owner.auth; userId: string }> = [owner];
    for (let i = 1; i < size; i++)
      people.push(await guestByApi(server.url, link.token, `ベンチ ゲスト${i}`));
    const pages: Page[] = [];
    for (const person of people) {
      const context = await signedInContext(browser, person.auth, person.userId);
      await recordPeerConnections(context);
      pages.push(await context.newPage());
    }
    for (const page of pages.slice(0, -1)) await enterMeeting(page, server.url, worldId);
    const last = pages.at(-1)!;
    await last.goto(`${server.url}/worlds/${worldId}/gate`);
    await waitEnabled(last, '入場する', 30_000);
    const measured = remoteFrames(last, size - 1);
    await last.getByRole('button', { name: '入場する' }).click();
    const times = await measured;
    console.log(
      `${provider} N=${size}: first ${times.first.toFixed(0)} ms, all ${times.all.toFixed(0)} ms; the last joiner's connections (median ms): ${await connectionTimeline(last, times.start)}`,
    );
    // Everyone sees everyone before the CPU is counted (a mesh may not get there: a minute at most).
    await Promise.race([
      Promise.all(pages.map((page) => remoteFrames(page, size - 1))),
      new Promise((r) => setTimeout(r, 60_000)),
    ]);
    const seen = await Promise.all(pages.map((page) => shownCameras(page)));
    console.log(`${provider} N=${size}: remote cameras shown per attendee ${seen.join(', ')}`);
    const counters = async () => (await Promise.all(pages.map(rtpCounters))).flat();
    const videoBefore = await counters();
    const before = cpuTicks();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const after = cpuTicks();
    const videoAfter = await counters();
    const perMinute = (ticks: number) => (ticks / TICKS_PER_SECOND / seconds) * 60;
    return {
      ...times,
      browser: perMinute(after.browser - before.browser),
      server: perMinute(after.server - before.server),
      load: loadavg()[0]!,
      sent: summarize(videoBefore, videoAfter, seconds, true),
      received: summarize(videoBefore, videoAfter, seconds, false),
      audio: {
        sent: audioPackets(videoBefore, videoAfter, seconds, true),
        received: audioPackets(videoBefore, videoAfter, seconds, false),
      },
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(7);

async function main() {
  const rows: string[] = [];
  /** A case's rows, printed as soon as it is measured. */
  const report = (size: number, name: string, r: Result) => {
    rows.push(
      `N=${size} ${name.padEnd(4)} first frame ${fmt(r.first)} ms  all ${fmt(r.all)} ms  CPU s/min: browsers ${fmt(r.browser, 1)}  server ${fmt(r.server, 1)}  total ${fmt(r.browser + r.server, 1)}  load ${r.load.toFixed(1)}`,
      `           ${formatVideo('sent    ', r.sent)}`,
      `           ${formatVideo('received', r.received)}`,
      `           audio packets/s: sent ${r.audio.sent.toFixed(0)}  received ${r.audio.received.toFixed(0)}`,
    );
    console.log(rows.slice(-4).join('\n'));
    return r;
  };
  for (const size of sizes) {
    const mesh = report(size, 'mesh', await measure('local', size));
    const sfu = report(size, 'sfu', await measure('sfu', size));
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    const total = (r: Result) => r.browser + r.server;
    // When the machine is saturated a path that delivers less video also spends less CPU: the
    // CPU per received megapixel compares what each path costs for the same video.
    rows.push(
      `N=${size} mesh/sfu   first frame ${ratio(mesh.first, sfu.first)}  all ${ratio(mesh.all, sfu.all)}  CPU browsers ${ratio(mesh.browser, sfu.browser)}  total ${ratio(total(mesh), total(sfu))}  total per received Mpx ${ratio(total(mesh) / mesh.received.mpx, total(sfu) / sfu.received.mpx)}`,
    );
    console.log(rows.at(-1));
  }
  if (watcherCount > 0) {
    const watchers = async (database: string, env: Record<string, string>) => {
      const watched = await measureWatchers(
        watcherCount,
        profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/watchers-${database}`] : [],
        env,
      );
      rows.push(
        `1 speaker → ${watcherCount} watchers (media server, ${database}): ${watched.seen} of them saw the stage, the last after ${fmt(watched.all)} ms (target 2000), watchers counted ${watched.viewerCount}`,
      );
      console.log(rows.at(-1));
      return watched.all;
    };
    const embedded = await watchers('PGlite', {});
    if (postgresUrl) {
      const database = await createScratchDatabase(postgresUrl, 'worlds_bench');
      try {
        const onPostgres = await watchers('PostgreSQL', { DATABASE_URL: database.url });
        rows.push(
          `watchers PGlite/PostgreSQL   last first frame ${(embedded / onPostgres).toFixed(2)}`,
        );
        console.log(rows.at(-1));
      } finally {
        await database.drop();
      }
    }
  }
  console.log(
    `\nmesh vs local media server, one Chromium with fake devices (camera ${cameraFps} fps), ${seconds} s of CPU per case\n${rows.join('\n')}`,
  );
}

await main();

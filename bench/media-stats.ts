// bench:media's view of what the CPU bought: every page's RTCPeerConnections (recorded by an init
// script) read with getStats before and after the CPU window, so that a path that spends less CPU
// because it sends smaller or fewer frames shows it (ADR 023).
import { readdirSync, readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';

export const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** This process's descendants: pid → [command line, CPU ticks]. */
function descendants(): Map<number, { cmd: string; ticks: number }> {
  const parent = new Map<number, number>();
  const info = new Map<number, { cmd: string; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(pid, Number(fields[1]));
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      info.set(pid, { cmd, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const mine = new Map<number, { cmd: string; ticks: number }>();
  for (const [pid, entry] of info) {
    for (let p = parent.get(pid); p; p = parent.get(p)) {
      if (p === process.pid) {
        mine.set(pid, entry);
        break;
      }
    }
  }
  return mine;
}

/** CPU ticks so far of the Chromium processes and of the server this process started. */
export function cpuTicks(): { browser: number; server: number } {
  let browser = 0;
  let server = 0;
  for (const { cmd, ticks } of descendants().values()) {
    if (cmd.includes('chromium')) browser += ticks;
    else if (cmd.includes('server/app/main.ts')) server += ticks;
  }
  return { browser, server };
}

/** One RTP stream's counters at one moment (frames, size and limitation: video only). */
type RtpCounter = {
  key: string;
  kind: 'audio' | 'video';
  out: boolean;
  packets: number;
  /** Received: packets lost; sent: picture-loss requests received. */
  lost: number;
  keyFrames: number;
  frames: number;
  width: number;
  height: number;
  bytes: number;
  limitation: string;
};

/**
 * Records the page's peer connections in `window.__benchPeerConnections`, each with the moments
 * (performance.now()) it was created, got its answer, connected (ICE and DTLS), got a track and
 * received the first video packet.
 */
export async function recordPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(`(() => {
    const Native = window.RTCPeerConnection;
    const connections = [];
    window.__benchPeerConnections = connections;
    window.RTCPeerConnection = class extends Native {
      constructor(...args) {
        super(...args);
        connections.push(this);
        const t = (this.__benchTimes = { created: performance.now() });
        const mark = (name) => (t[name] ??= performance.now());
        this.addEventListener('signalingstatechange', () => {
          if (this.signalingState === 'have-local-offer') mark('offered');
          if (this.signalingState === 'stable' && t.offered) mark('answered');
        });
        this.addEventListener('iceconnectionstatechange', () => {
          if (this.iceConnectionState === 'connected') mark('ice');
        });
        this.addEventListener('connectionstatechange', () => {
          if (this.connectionState === 'connected') mark('connected');
        });
        this.addEventListener('track', ({ track }) => {
          mark('track');
          // A remote track is muted until its first packet arrives.
          if (track.kind === 'video') track.addEventListener('unmute', () => mark('rtp'));
        });
      }
    };
  })()`);
}

const milestones = ['created', 'offered', 'answered', 'ice', 'connected', 'track', 'rtp'] as const;

/**
 * The median moment of each milestone over the page's connections, in ms after `since` (a
 * performance.now() of the page), e.g. "created 12 offered 15 answered 240 ...".
 */
export async function connectionTimeline(page: Page, since: number): Promise<string> {
  const times: Array<Record<string, number>> = await page.evaluate(
    `(window.__benchPeerConnections ?? []).map((pc) => pc.__benchTimes)`,
  );
  const requests: string = await page.evaluate(
    `performance.getEntriesByType('resource').filter((e) => e.startTime > ${since} && e.name.includes('/api/')).map((e) => new URL(e.name).pathname.split('/').slice(-2).join('/') + ' ' + (e.startTime - ${since}).toFixed(0) + '-' + (e.responseEnd - ${since}).toFixed(0)).join(', ')`,
  );
  return `${requests}; ${milestones
    .map((name) => {
      const values = times
        .map((t) => t[name])
        .filter((v): v is number => v !== undefined)
        .sort((a, b) => a - b);
      const median = values[Math.floor(values.length / 2)];
      return `${name} ${median === undefined ? '-' : (median - since).toFixed(0)}`;
    })
    .join(' ')}`;
}

/** The audio and video streams' counters of every open connection of the page. */
export function rtpCounters(page: Page): Promise<RtpCounter[]> {
  return page.evaluate(`(async () => {
    const rows = [];
    const connections = window.__benchPeerConnections ?? [];
    for (const [i, pc] of connections.entries()) {
      if (pc.connectionState === 'closed') continue;
      for (const s of (await pc.getStats()).values()) {
        const out = s.type === 'outbound-rtp';
        if (!out && s.type !== 'inbound-rtp') continue;
        rows.push({
          key: i + '/' + s.id,
          kind: s.kind,
          out,
          packets: (out ? s.packetsSent : s.packetsReceived) ?? 0,
          lost: (out ? s.pliCount : s.packetsLost) ?? 0,
          keyFrames: (out ? s.keyFramesEncoded : s.keyFramesDecoded) ?? 0,
          frames: (out ? s.framesEncoded : s.framesDecoded) ?? 0,
          width: s.frameWidth ?? 0,
          height: s.frameHeight ?? 0,
          bytes: (out ? s.bytesSent : s.bytesReceived) ?? 0,
          limitation: out ? (s.qualityLimitationReason ?? '') : '',
        });
      }
    }
    return rows;
  })()`);
}

export type VideoSummary = {
  streams: number;
  width: number;
  height: number;
  fps: number;
  kbps: number;
  /** Megapixels per second over all streams: what the encoders (or decoders) processed. */
  mpx: number;
  limitations: string;
  /** Over all streams in the window: packets, packets lost (received) or PLIs (sent), key frames. */
  packets: number;
  lost: number;
  keyFrames: number;
};

/** Sent or received video over the window between two readings of all pages' counters. */
export function summarize(
  before: RtpCounter[],
  after: RtpCounter[],
  seconds: number,
  out: boolean,
): VideoSummary {
  const start = new Map(before.map((c) => [c.key, c]));
  const moving = after
    .filter((c) => c.kind === 'video' && c.out === out)
    .map((c) => ({
      c,
      frames: c.frames - (start.get(c.key)?.frames ?? 0),
      bytes: c.bytes - (start.get(c.key)?.bytes ?? 0),
      packets: c.packets - (start.get(c.key)?.packets ?? 0),
      lost: c.lost - (start.get(c.key)?.lost ?? 0),
      keyFrames: c.keyFrames - (start.get(c.key)?.keyFrames ?? 0),
    }))
    .filter((m) => m.frames > 0);
  const n = moving.length || 1;
  const sum = (f: (m: (typeof moving)[number]) => number) =>
    moving.reduce((total, m) => total + f(m), 0);
  const limitations = new Map<string, number>();
  for (const { c } of moving)
    if (c.limitation) limitations.set(c.limitation, (limitations.get(c.limitation) ?? 0) + 1);
  return {
    streams: moving.length,
    width: sum((m) => m.c.width) / n,
    height: sum((m) => m.c.height) / n,
    fps: sum((m) => m.frames) / seconds / n,
    kbps: (sum((m) => m.bytes) * 8) / seconds / 1000 / n,
    mpx: sum((m) => m.frames * m.c.width * m.c.height) / seconds / 1e6,
    limitations: [...limitations].map(([reason, count]) => `${reason} ${count}`).join(', '),
    packets: sum((m) => m.packets),
    lost: sum((m) => m.lost),
    keyFrames: sum((m) => m.keyFrames),
  };
}

/**
 * Audio packets per second sent (or received) by all pages together: Opus sends 50 a second
 * while the microphone is on, and far fewer in silence with DTX (ADR 023).
 */
export function audioPackets(
  before: RtpCounter[],
  after: RtpCounter[],
  seconds: number,
  out: boolean,
): number {
  const start = new Map(before.map((c) => [c.key, c.packets]));
  const sent = after
    .filter((c) => c.kind === 'audio' && c.out === out)
    .reduce((total, c) => total + c.packets - (start.get(c.key) ?? 0), 0);
  return sent / seconds;
}

export function formatVideo(name: string, v: VideoSummary): string {
  return `${name} ${String(v.streams).padStart(2)} streams ${v.width.toFixed(0)}x${v.height.toFixed(0)} ${v.fps.toFixed(1)} fps ${v.kbps.toFixed(0)} kbps each, ${v.mpx.toFixed(1)} Mpx/s, ${v.packets} packets, ${v.lost} ${name.trim() === 'sent' ? 'PLIs' : 'lost'}, ${v.keyFrames} key frames${v.limitations ? ` (limited: ${v.limitations})` : ''}`;
}

import { describe, expect, it } from 'vitest';
import {
  createActionUploader,
  MAX_KEPT_BATCHES,
  PAGEHIDE_BYTES,
  type SignedBatchUrl,
  UPLOAD_INTERVAL_MS,
} from './action-uploader';

/** A fake browser: signed URLs, a server that stores each URL's body once, a clock and timers. */
function setUp() {
  let time = Date.parse('2026-12-07T10:00:00Z');
  let signed = 0;
  const stored = new Map<string, string>();
  const requests: { url: string; init: RequestInit }[] = [];
  const state = {
    failing: false,
    putFailing: false,
    ticks: [] as (() => void)[],
    hides: [] as (() => void)[],
  };
  const uploader = createActionUploader({
    now: () => new Date(time),
    presign: async (byteSize): Promise<SignedBatchUrl> => {
      if (state.failing) throw new TypeError('offline');
      signed += 1;
      return {
        uploadUrl: `https://app.test/uploads/${signed}?size=${byteSize}`,
        headers: { 'Content-Type': 'application/x-ndjson' },
        expiresAt: new Date(time + 15 * 60_000).toISOString(),
      };
    },
    send: async (url, init) => {
      requests.push({ url, init });
      if (state.failing || state.putFailing) throw new TypeError('offline');
      if (stored.has(url)) return new Response(null, { status: 409 });
      stored.set(url, String(init.body));
      return new Response(null, { status: 200 });
    },
    every: (ms, run) => {
      expect(ms).toBe(UPLOAD_INTERVAL_MS);
      state.ticks.push(run);
      return () => state.ticks.splice(state.ticks.indexOf(run), 1);
    },
    onPageHide: (run) => {
      state.hides.push(run);
      return () => state.hides.splice(state.hides.indexOf(run), 1);
    },
  });
  const lines = () =>
    [...stored.values()]
      .flatMap((body) => body.split('\n'))
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { actionType: string }).actionType);
  return {
    uploader,
    state,
    stored,
    requests,
    lines,
    advance: (ms: number) => (time += ms),
  };
}

describe('action uploader', () => {
  it('uploads what was recorded as one NDJSON batch, a line per action with its time', async () => {
    const { uploader, stored } = setUp();
    uploader.record('world.entered');
    uploader.record('mic.off');
    await uploader.flush();

    const batches = [...stored.entries()].filter(([, body]) => body.trim() !== '');
    expect(batches).toHaveLength(1);
    expect(batches[0]![1]).toBe(
      '{"actionType":"world.entered","occurredAt":"2026-12-07T10:00:00.000Z"}\n' +
        '{"actionType":"mic.off","occurredAt":"2026-12-07T10:00:00.000Z"}\n',
    );
    expect(batches[0]![0]).toContain(`size=${batches[0]![1].length}`);
  });

  it('keeps a batch that failed and retries it at the next flush, stored once', async () => {
    const { uploader, state, lines } = setUp();
    await uploader.flush();
    uploader.record('mic.off');
    state.failing = true;
    await uploader.flush();
    expect(lines()).toEqual([]);

    state.failing = false;
    uploader.record('mic.on');
    await uploader.flush();
    expect(lines()).toEqual(['mic.off', 'mic.on']);
    await uploader.flush();
    expect(lines()).toEqual(['mic.off', 'mic.on']);
  });

  it('counts a retried batch once when its first upload was stored but the answer was lost', async () => {
    const { uploader, stored, lines } = setUp();
    await uploader.flush();
    uploader.record('camera.on');
    await uploader.flush();
    // The same URL again (as after a lost answer): the server answers 409 and nothing is kept.
    const [url, body] = [...stored.entries()].at(-1)!;
    stored.delete(url);
    stored.set(url, body);
    await uploader.flush();
    expect(lines()).toEqual(['camera.on']);
  });

  it('keeps at most an hour of failed batches, dropping the oldest', async () => {
    const { uploader, state, lines } = setUp();
    await uploader.flush();
    state.failing = true;
    for (let i = 0; i < MAX_KEPT_BATCHES + 5; i += 1) {
      uploader.record(i < 5 ? 'mic.off' : 'mic.on');
      await uploader.flush();
    }
    state.failing = false;
    await uploader.flush();
    expect(lines()).toHaveLength(MAX_KEPT_BATCHES);
    expect(lines()).not.toContain('mic.off');
  });

  it('on pagehide sends the buffer padded to the spare URL with keepalive, without waiting', async () => {
    const { uploader, state, requests, lines } = setUp();
    uploader.start(() => uploader.record('world.left'));
    await uploader.flush();
    uploader.record('share.started');

    state.hides.forEach((hide) => hide());
    const last = requests.at(-1)!;
    expect(last.init).toMatchObject({ method: 'PUT', keepalive: true });
    expect(String(last.init.body)).toHaveLength(PAGEHIDE_BYTES);
    expect(last.url).toContain(`size=${PAGEHIDE_BYTES}`);
    await Promise.resolve();
    expect(lines()).toEqual(['share.started', 'world.left']);

    // Nothing is left to send twice.
    await uploader.flush();
    expect(lines()).toEqual(['share.started', 'world.left']);
  });

  it('on pagehide also sends kept batches to their own URLs; what does not fit stays buffered', async () => {
    const { uploader, state, lines } = setUp();
    await uploader.flush();
    uploader.record('mic.off');
    state.putFailing = true;
    await uploader.flush();
    state.putFailing = false;
    // Far more than fits in the padded batch.
    for (let i = 0; i < 400; i += 1) uploader.record('mic.on');

    uploader.flushOnHide();
    await Promise.resolve();
    const sent = lines();
    expect(sent).toContain('mic.off');
    expect(sent.filter((t) => t === 'mic.on').length).toBeGreaterThan(100);
    expect(sent.filter((t) => t === 'mic.on').length).toBeLessThan(400);
  });

  it('uploads every minute until stopped', async () => {
    const { uploader, state, lines } = setUp();
    uploader.start();
    uploader.record('world.entered');
    state.ticks.forEach((tick) => tick());
    await uploader.flush();
    expect(lines()).toEqual(['world.entered']);
    uploader.stop();
    expect(state.ticks).toHaveLength(0);
    expect(state.hides).toHaveLength(0);
  });

  it('replaces a spare URL about to expire before the page hides', async () => {
    const { uploader, requests, advance } = setUp();
    await uploader.flush();
    advance(14 * 60_000);
    await uploader.flush();
    uploader.record('mic.off');
    uploader.flushOnHide();
    expect(requests.at(-1)!.url).toMatch(/uploads\/2\?/);
  });
});

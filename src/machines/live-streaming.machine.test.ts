import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../services/errors/api-error';
import type { LiveStreaming, LiveStreamingUpdate } from '../services/meeting/meeting-api';
import { liveStreamingMachine } from './live-streaming.machine';

const stream = (status: LiveStreaming['status'], failureReason: string | null = null) =>
  ({ id: 's', status, failureReason, viewerCount: 0 }) as LiveStreaming;

const stageId = 'stage-1';

/** The actor told the stage `stageId`: its reads answer `loaded`, its changes `answers`. */
function start(
  answers: Array<LiveStreaming | Error>,
  loaded: LiveStreaming | Error = stream('idle'),
) {
  const sent: LiveStreamingUpdate[] = [];
  const reads = { count: 0, stages: [] as string[] };
  const actor = createActor(
    liveStreamingMachine.provide({
      actors: {
        loadStreaming: fromPromise(async ({ input }) => {
          reads.count++;
          reads.stages.push(input.stageId);
          if (loaded instanceof Error) throw loaded;
          return loaded;
        }),
        updateStreaming: fromPromise(async ({ input }) => {
          expect(input.stageId).toBe(stageId);
          sent.push(input.body);
          const answer = answers.shift()!;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
  );
  actor.start();
  actor.send({ type: 'streaming.stageChanged', stageId });
  return { actor, sent, reads };
}

describe('live streaming machine', () => {
  it('reads the stage it is told, again only when told another', async () => {
    const { actor, reads } = start([], stream('live'));
    await waitFor(actor, (s) => s.matches('live'));
    actor.send({ type: 'streaming.stageChanged', stageId });
    expect(actor.getSnapshot().matches('live')).toBe(true);
    actor.send({ type: 'streaming.stageChanged', stageId: 'stage-2' });
    // The other stage's stream is not known until read: nothing of the first one is kept.
    expect(actor.getSnapshot().context.stream).toBeNull();
    await waitFor(actor, (s) => s.matches('live'));
    expect(reads.stages).toEqual([stageId, 'stage-2']);
  });

  it('starts with the URL entered, then stops', async () => {
    const { actor, sent } = start([stream('live'), stream('ended')]);
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'streaming.start', destinationUrl: 'rtmps://live.example/app/key' });
    await waitFor(actor, (s) => s.matches('live'));
    actor.send({ type: 'streaming.stop' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([
      { status: 'live', destinationUrl: 'rtmps://live.example/app/key' },
      { status: 'ended' },
    ]);
  });

  it('shows the server refusal and stays ready to start again', async () => {
    const refusal = new ApiError(422, [
      '配信先のURLは rtmp:// または rtmps:// で始まるURLを入力してください。',
    ]);
    const { actor } = start([refusal]);
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'streaming.start', destinationUrl: 'https://example.com' });
    await waitFor(actor, (s) => s.context.errors.length > 0);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual(refusal.messages);
  });

  it('ends in failed with the reason when the media service refused to start', async () => {
    const reason = '配信を開始できませんでした（ForbiddenException）。';
    const { actor } = start([stream('failed', reason)]);
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'streaming.start' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.errors).toEqual([reason]);
  });

  it('follows a change made elsewhere (realtime)', async () => {
    const { actor } = start([], stream('live'));
    await waitFor(actor, (s) => s.matches('live'));
    actor.send({ type: 'streaming.changed' });
    await waitFor(actor, (s) => s.matches('live'));
  });

  it('takes a new watcher count as told, without reading the stream again', async () => {
    const { actor, reads } = start([], stream('live'));
    await waitFor(actor, (s) => s.matches('live'));
    actor.send({ type: 'streaming.viewers', viewerCount: 7 });
    expect(actor.getSnapshot().matches('live')).toBe(true);
    expect(actor.getSnapshot().context.stream?.viewerCount).toBe(7);
    expect(reads.count).toBe(1);
  });

  it('takes a count told while the stream is being read over the read answer, read once', async () => {
    const { actor, reads } = start([], stream('live'));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.send({ type: 'streaming.viewers', viewerCount: 7 });
    await waitFor(actor, (s) => s.matches('live'));
    expect(actor.getSnapshot().context.stream?.viewerCount).toBe(7);
    expect(reads.count).toBe(1);
    // A count told during an earlier read does not outlive it.
    actor.send({ type: 'streaming.changed' });
    await waitFor(actor, (s) => s.matches('live') && reads.count === 2);
    expect(actor.getSnapshot().context.stream?.viewerCount).toBe(0);
  });

  it('is gone, not failed, when the stage was taken out of the layout (404)', async () => {
    const { actor } = start([], new ApiError(404, ['ステージが見つかりません。']));
    await waitFor(actor, (s) => !s.matches('loading'));
    expect(actor.getSnapshot().value).toBe('gone');
    expect(actor.getSnapshot().context.errors).toEqual([]);
  });

  it('keeps why a read failed, and reads again on retry', async () => {
    const lost = new ApiError(0, ['通信できませんでした。']);
    const { actor, reads } = start([], lost);
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.loadError).toBe(lost);
    actor.send({ type: 'streaming.retry' });
    await waitFor(actor, (s) => s.matches('loadFailed') && reads.count === 2);
  });
});

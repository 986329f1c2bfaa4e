// Wiring only: the gate's watch button (WatchFromGate) shows the stage's stream as the world's
// live stream actor (./world-media-actors.ts) holds it (docs/product.md "Live streaming and
// watching": while it is live, anyone at the gate may watch, and everyone sees 「視聴中 N人」;
// ADR 026: a new count is taken as told). Here, since views create no actor.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import createClient from 'openapi-fetch';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { liveStreamingMachine } from '../../machines/live-streaming.machine';
import { isLive } from '../../machines/live-streaming.selectors';
import { meetingMachine } from '../../machines/meeting.machine';
import { layoutQueries } from '../../services/api/layouts-queries';
import { createQueryApi } from '../../services/api/queries';
import type { paths } from '../../services/api/schema';
import type { LiveStreaming } from '../../services/meeting/meeting-api';
import type { MeetingProvider } from '../../services/meeting/provider';
import { ApiClientContext } from '../../views/hooks/use-api';
import { WatchFromGate } from '../../views/components/meeting/watch-from-gate';
import type { WorldActors } from '../../views/components/meeting/world-actors';

const worldId = 'w1';
const stageId = 'stage-1';

const stream = (status: LiveStreaming['status'], viewerCount: number) =>
  ({ id: stageId, spaceId: stageId, status, viewerCount }) as LiveStreaming;

/** The world's stream actor, told the stage and answered `answer` by its one read. */
async function worldWith(answer: LiveStreaming) {
  const liveStream = createActor(
    liveStreamingMachine.provide({
      actors: { loadStreaming: fromPromise(async () => answer) },
    }),
  ).start();
  liveStream.send({ type: 'streaming.stageChanged', stageId });
  await waitFor(liveStream, (s) => !s.matches('loading'));
  const meeting = createActor(meetingMachine, {
    input: { worldId, provider: {} as MeetingProvider },
  }).start();
  return { worldId, liveStream, meeting } as unknown as WorldActors;
}

/** The gate's button at one moment, the layout read (a static render never fetches). */
function gate(world: WorldActors) {
  const client = createClient<paths>();
  const queryClient = new QueryClient();
  const layout = { spaces: [{ id: stageId, kind: 'stage' }] };
  queryClient.setQueryData(layoutQueries.show(createQueryApi(client), worldId).queryKey, layout);
  return renderToStaticMarkup(
    <ApiClientContext.Provider value={client}>
      <QueryClientProvider client={queryClient}>
        <WatchFromGate world={world} onWatch={() => {}} />
      </QueryClientProvider>
    </ApiClientContext.Provider>,
  );
}

describe("the gate's watch button", () => {
  it('offers to watch the live stage with the count the world holds, a new count as told', async () => {
    const world = await worldWith(stream('live', 2));
    expect(isLive(world.liveStream.getSnapshot())).toBe(true);
    expect(gate(world)).toContain('ステージの配信を視聴する（視聴中 2人）');

    world.liveStream.send({ type: 'streaming.viewers', viewerCount: 5 });
    expect(gate(world)).toContain('ステージの配信を視聴する（視聴中 5人）');
  });

  it('offers nothing while the stage is not streamed', async () => {
    const world = await worldWith(stream('ended', 0));
    expect(gate(world)).toBe('');
  });
});

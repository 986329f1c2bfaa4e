import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { liveStreamingMachine } from '../../../machines/live-streaming.machine';
import {
  getLiveStreaming,
  updateLiveStreaming,
  type LiveStreamingUpdate,
} from '../../../services/meeting/meeting-api';
import { useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import type { WorldActors } from './world-actors';

/** The world's stage, from its layout; null while the layout is read or when it has none. */
export function useStageId(world: WorldActors): string | null {
  const layout = useQueryApi().useQuery('get', '/api/worlds/{id}/layout', {
    params: { path: { id: world.worldId } },
  });
  return layout.data?.spaces.find((s) => s.kind === 'stage')?.id ?? null;
}

/**
 * The stage's live stream (ADR 026) as its machine, following the world's realtime messages: a
 * start, a stop or a speaker coming or going is read again, a new watcher count taken as told.
 */
export function useStageStream(world: WorldActors, stageId: string) {
  const api = useApi();
  const streaming = useActorRef(
    liveStreamingMachine.provide({
      actors: {
        loadStreaming: fromPromise(() => getLiveStreaming(api, world.worldId, stageId)),
        updateStreaming: fromPromise(({ input }: { input: { body: LiveStreamingUpdate } }) =>
          updateLiveStreaming(api, world.worldId, stageId, input.body),
        ),
      },
    }),
  );
  useEffect(
    () =>
      world.messages.subscribe((message) => {
        if (message.type === 'liveStreaming.changed' && message.spaceId === stageId)
          streaming.send({ type: 'streaming.changed' });
        if (message.type === 'liveStreaming.viewers' && message.spaceId === stageId)
          streaming.send({ type: 'streaming.viewers', viewerCount: message.viewerCount });
      }),
    [world.messages, streaming, stageId],
  );
  return streaming;
}

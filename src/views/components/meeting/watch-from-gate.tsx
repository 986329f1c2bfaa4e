import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { canWatch } from '../../../machines/meeting.selectors';
import { layoutQueries } from '../../../services/api/layouts-queries';
import { meetingQueries } from '../../../services/api/meetings-queries';
import { useQueryApi } from '../../hooks/use-api-query';
import type { WorldActors } from './world-actors';

/**
 * At the gate: while the stage is streamed, anyone may watch it instead of entering (no seat, not
 * counted against the capacity: a full world can still be watched).
 */
export function WatchFromGate({ world, onWatch }: { world: WorldActors; onWatch: () => void }) {
  const queryApi = useQueryApi();
  const layout = useQuery(layoutQueries.show(queryApi, world.worldId));
  const stageId = layout.data?.spaces.find((s) => s.kind === 'stage')?.id ?? '';
  const queryClient = useQueryClient();
  const stream = useQuery({
    ...meetingQueries.liveStreaming(queryApi, world.worldId, stageId),
    enabled: stageId !== '',
  });
  const { refetch } = stream;
  useEffect(
    () =>
      world.messages.subscribe((message) => {
        if (message.type === 'liveStreaming.changed') void refetch();
        // Only the count changed: taken as told, nothing read again (ADR 026).
        if (message.type === 'liveStreaming.viewers' && message.spaceId === stageId)
          queryClient.setQueryData(
            meetingQueries.liveStreaming(queryApi, world.worldId, stageId).queryKey,
            (old) => old && { ...old, viewerCount: message.viewerCount },
          );
      }),
    [world.messages, refetch, queryClient, queryApi, world.worldId, stageId],
  );
  const mayWatch = useSelector(world.meeting, canWatch(stageId));
  if (stream.data?.status !== 'live') return null;
  return (
    <button
      type="button"
      className="button"
      disabled={!mayWatch}
      onClick={() => {
        world.meeting.send({ type: 'meeting.watch', spaceId: stageId });
        onWatch();
      }}
    >
      ステージの配信を視聴する（視聴中 {stream.data.viewerCount}人）
    </button>
  );
}

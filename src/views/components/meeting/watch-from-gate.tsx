import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { canWatch } from '../../../machines/meeting.selectors';
import { useQueryApi } from '../../hooks/use-api-query';
import type { WorldActors } from './world-actors';

/**
 * At the gate: while the stage is streamed, anyone may watch it instead of entering (no seat, not
 * counted against the capacity: a full world can still be watched).
 */
export function WatchFromGate({ world, onWatch }: { world: WorldActors; onWatch: () => void }) {
  const queryApi = useQueryApi();
  const layout = queryApi.useQuery('get', '/api/worlds/{id}/layout', {
    params: { path: { id: world.worldId } },
  });
  const stageId = layout.data?.spaces.find((s) => s.kind === 'stage')?.id ?? '';
  const stream = queryApi.useQuery(
    'get',
    '/api/worlds/{world_id}/live_streamings/{id}',
    { params: { path: { world_id: world.worldId, id: stageId } } },
    { enabled: stageId !== '' },
  );
  const { refetch } = stream;
  useEffect(
    () =>
      world.messages.subscribe((message) => {
        if (message.type === 'liveStreaming.changed') void refetch();
      }),
    [world.messages, refetch],
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

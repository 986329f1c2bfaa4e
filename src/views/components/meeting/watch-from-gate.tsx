import { useSelector } from '@xstate/react';
import { selectLive, selectViewerCount } from '../../../machines/live-streaming.selectors';
import { canWatch } from '../../../machines/meeting.selectors';
import { useStageId, useStageStream } from './use-stage-stream';
import type { WorldActors } from './world-actors';

type Props = { world: WorldActors; onWatch: () => void };

/**
 * At the gate: while the stage is streamed, anyone may watch it instead of entering (no seat, not
 * counted against the capacity: a full world can still be watched).
 */
export function WatchFromGate({ world, onWatch }: Props) {
  const stageId = useStageId(world);
  if (!stageId) return null;
  return <WatchButton key={stageId} world={world} stageId={stageId} onWatch={onWatch} />;
}

function WatchButton({ world, stageId, onWatch }: Props & { stageId: string }) {
  const streaming = useStageStream(world, stageId);
  const live = useSelector(streaming, selectLive);
  const viewers = useSelector(streaming, selectViewerCount);
  const mayWatch = useSelector(world.meeting, canWatch(stageId));
  if (!live) return null;
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
      ステージの配信を視聴する（視聴中 {viewers}人）
    </button>
  );
}

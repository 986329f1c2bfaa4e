import { useSelector } from '@xstate/react';
import { isLive, selectStream } from '../../../machines/live-streaming.selectors';
import { canWatch } from '../../../machines/meeting.selectors';
import { useStreamStage } from './use-stream-stage';
import type { WorldActors } from './world-actors';

/**
 * At the gate: while the stage is streamed, anyone may watch it instead of entering (no seat, not
 * counted against the capacity: a full world can still be watched). The stream is the world's
 * actor, already running at the gate; the meeting page's 「ライブ配信」 panel reads the same.
 */
export function WatchFromGate({ world, onWatch }: { world: WorldActors; onWatch: () => void }) {
  const stageId = useStreamStage(world);
  const live = useSelector(world.liveStream, isLive);
  const stream = useSelector(world.liveStream, selectStream);
  const mayWatch = useSelector(world.meeting, canWatch(stageId ?? ''));
  if (!stageId || !live) return null;
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
      ステージの配信を視聴する（視聴中 {stream?.viewerCount ?? 0}人）
    </button>
  );
}

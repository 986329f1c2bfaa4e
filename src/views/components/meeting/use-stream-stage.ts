import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectStageId } from '../../../machines/live-streaming.selectors';
import { layoutQueries } from '../../../services/api/layouts-queries';
import { useQueryApi } from '../../hooks/use-api-query';
import type { WorldActors } from './world-actors';

/**
 * The layout's stage, told to the world's live stream actor (ADR 026,
 * src/app/actors/world-media-actors.ts); null while the layout is read, when it has no stage, or
 * until the actor follows it (it may still hold another stage's stream).
 */
export function useStreamStage(world: WorldActors): string | null {
  const layout = useQuery(layoutQueries.show(useQueryApi(), world.worldId));
  const stageId = layout.data?.spaces.find((s) => s.kind === 'stage')?.id;
  const streaming = world.liveStream;
  useEffect(() => {
    if (stageId) streaming.send({ type: 'streaming.stageChanged', stageId });
  }, [streaming, stageId]);
  const told = useSelector(streaming, selectStageId) === stageId;
  return stageId && told ? stageId : null;
}

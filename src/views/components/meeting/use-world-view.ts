import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { worldQueries } from '../../../services/api/worlds-queries';
import { toApiError } from '../../../services/errors/api-error';
import type { WorldView } from '../../../services/meeting/meeting-api';
import { useQueryApi } from '../../hooks/use-api-query';

export type WorldViewState =
  | { kind: 'loading' }
  | { kind: 'loaded'; world: WorldView }
  | { kind: 'failed'; status: number; messages: readonly string[] };

/**
 * worldQueries.view: the world as its pages show it to the caller, with a way to try again.
 * Shared by the gate and the meeting through the query cache; always asked again on mount
 * (staleTime 0), since it says whether a reserved date is on now.
 */
export function useWorldView(worldId: string) {
  const query = useQuery({ ...worldQueries.view(useQueryApi(), worldId), staleTime: 0 });
  const state: WorldViewState = query.data
    ? { kind: 'loaded', world: query.data }
    : query.error
      ? { kind: 'failed', ...pick(toApiError(query.error)) }
      : { kind: 'loading' };
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { state, reload };
}

const pick = ({ status, messages }: { status: number; messages: readonly string[] }) => ({
  status,
  messages,
});

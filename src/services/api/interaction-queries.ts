// The hand queue of a space by name (docs/product.md §4 挙手, ADR 034): views take these, never
// an API path. One's own hand is the hand statechart's (../interaction-api.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { ReactionKind } from '../../domain/interaction';
import type { ApiClient } from './client';
import { invalidateGets, type QueryApi } from './queries';

const hand = (worldId: string, spaceId: string, userId: string) => ({
  params: { path: { world_id: worldId, space_id: spaceId, user_id: userId } },
});

export const interactionQueries = {
  /** Owner and staff: the raised hands of a space, in the order they went up. */
  raisedHands: (queryApi: QueryApi, worldId: string, spaceId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{world_id}/spaces/{space_id}/raised_hands', {
      params: { path: { world_id: worldId, space_id: spaceId } },
    }),
  /** Those at a table: who listens to it (hearingTable, ADR 038). */
  listeners: (queryApi: QueryApi, worldId: string, spaceId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{world_id}/listenings/{id}', {
      params: { path: { world_id: worldId, id: spaceId } },
    }),
};

export const interactionMutations = {
  react: (api: ApiClient, worldId: string, kind: ReactionKind) =>
    api.POST('/api/worlds/{world_id}/reactions', {
      params: { path: { world_id: worldId } },
      body: { kind },
    }),
  /** One's status; null or blank clears it. */
  setStatus: (api: ApiClient, worldId: string, nowDoing: string | null) =>
    api.PUT('/api/worlds/{world_id}/my_status', {
      params: { path: { world_id: worldId } },
      body: { nowDoing },
    }),
  lowerHand: (api: ApiClient, worldId: string, spaceId: string, userId: string) =>
    api.DELETE(
      '/api/worlds/{world_id}/spaces/{space_id}/raised_hands/{user_id}',
      hand(worldId, spaceId, userId),
    ),
  /** Owner and staff open or close a table to listening in. */
  setTableListening: (api: ApiClient, worldId: string, spaceId: string, listenable: boolean) =>
    api.PUT('/api/worlds/{world_id}/listening_settings/{id}', {
      params: { path: { world_id: worldId, id: spaceId } },
      body: { listenable },
    }),
  /** 発言を許可: the hand goes down and a forced-off microphone is released. */
  giveFloor: (api: ApiClient, worldId: string, spaceId: string, userId: string) =>
    api.POST(
      '/api/worlds/{world_id}/spaces/{space_id}/raised_hands/{user_id}/floor',
      hand(worldId, spaceId, userId),
    ),
};

/** After a hand went up or down, or someone moved: the space's queue again. */
export const invalidateRaisedHands = (queryClient: QueryClient, worldId: string, spaceId: string) =>
  invalidateGets(queryClient, '/api/worlds/{world_id}/spaces/{space_id}/raised_hands', {
    world_id: worldId,
    space_id: spaceId,
  });

/** Who listens to the table changed (listeners.changed): read it again. */
export const invalidateListeners = (queryClient: QueryClient, worldId: string, spaceId: string) =>
  invalidateGets(queryClient, '/api/worlds/{world_id}/listenings/{id}', {
    world_id: worldId,
    id: spaceId,
  });

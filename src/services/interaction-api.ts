// One's own hand (openapi/paths/interaction.yaml, ADR 034) for the hand statechart's actors.
// Failures throw ApiError with the server's Japanese messages.
import type { ApiClient } from './api/client';
import { dataOf } from './errors/api-error';

const world = (worldId: string) => ({ path: { world_id: worldId } });

export async function raiseHand(api: ApiClient, worldId: string, spaceId: string) {
  await dataOf(() =>
    api.POST('/api/worlds/{world_id}/spaces/{space_id}/raised_hands', {
      params: { path: { world_id: worldId, space_id: spaceId } },
    }),
  );
}

export async function lowerOwnHand(api: ApiClient, worldId: string) {
  await dataOf(() => api.DELETE('/api/worlds/{world_id}/raised_hand', { params: world(worldId) }));
}

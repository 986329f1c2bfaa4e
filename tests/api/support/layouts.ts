import { expect } from 'vitest';
import { spaces } from '../../../server/db/schema';
import { type PlacedSpace, placedSpace } from '../../../src/domain/layout';
import type { useTestServer } from './app';

type T = ReturnType<typeof useTestServer>;

/** Adds a stage (3 seats) to the world, straight into the database; answers its space. */
export async function addStage(t: T, worldId: string): Promise<{ id: string }> {
  const [stage] = await t.database.db
    .insert(spaces)
    .values({ worldId, name: 'ステージ', kind: 'stage', capacity: 3 })
    .returning({ id: spaces.id });
  return stage!;
}

/** The owner saves the world's layout without its stage (the stage's space is removed). */
export async function removeStage(t: T, worldId: string, headers: Record<string, string>) {
  const url = `/api/mypage/layouts/${worldId}`;
  const layout = (await t.app.inject({ method: 'GET', url, headers })).json();
  const saved = await t.app.inject({
    method: 'PATCH',
    url,
    headers,
    payload: {
      version: layout.version,
      name: layout.name,
      baseSpaceId: layout.baseSpaceId,
      backgroundColor: layout.backgroundColor,
      backgroundImageUrl: layout.backgroundImageUrl,
      spaces: (layout.spaces as (PlacedSpace & { id: string })[])
        .filter((s) => s.kind !== 'stage')
        .map((s) => ({ id: s.id, ...placedSpace(s) })),
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

import type { LayoutDraft } from '../domain/layout-edit';
import { placedSpace } from '../domain/layout';
import type { ApiClient } from './api/client';
import { dataOf } from './errors/api-error';
import { uploadFile } from './uploads';
import type { components } from './api/schema';

type Layout = components['schemas']['Layout'];
/** The layout calls of the editor; a refusal is thrown as an ApiError ({ status, messages }). */
const answer = async <T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>) =>
  (await dataOf(call)).data;

export function loadLayout(api: ApiClient, worldId: string): Promise<Layout> {
  return answer(() => api.GET('/api/mypage/layouts/{id}', { params: { path: { id: worldId } } }));
}

export function saveLayout(
  api: ApiClient,
  input: { worldId: string; version: number; draft: LayoutDraft },
): Promise<Layout> {
  const { draft } = input;
  return answer(() =>
    api.PATCH('/api/mypage/layouts/{id}', {
      params: { path: { id: input.worldId } },
      body: {
        version: input.version,
        name: draft.name,
        baseSpaceId: draft.baseSpaceId,
        backgroundColor: draft.backgroundColor,
        backgroundImageUrl: draft.backgroundImageUrl,
        spaces: draft.spaces.map((s) => ({ ...placedSpace(s), ...(s.id ? { id: s.id } : {}) })),
      },
    }),
  );
}

export function applyPreset(
  api: ApiClient,
  input: { worldId: string; version: number; presetId: string },
): Promise<Layout> {
  return answer(() =>
    api.PATCH('/api/mypage/layout_by_presets/{id}', {
      params: { path: { id: input.worldId } },
      body: { presetId: input.presetId, version: input.version },
    }),
  );
}

/** Saves the world's saved layout (not the draft) as a preset of the caller's. */
export function createPreset(
  api: ApiClient,
  input: { worldId: string; name: string },
): Promise<{ name: string }> {
  return answer(() =>
    api.POST('/api/mypage/presets', { body: { name: input.name, layoutId: input.worldId } }),
  );
}

/** Uploads a background image of the world's layout (purpose layoutImage): the URL a layout names. */
export async function uploadLayoutImage(
  api: ApiClient,
  worldId: string,
  file: File,
): Promise<string> {
  return (await uploadFile(api, { file, purpose: 'layoutImage', worldId })).fileUrl;
}

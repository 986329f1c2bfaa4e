// The layout editor's queries on mypage by name (ADR 013, ADR 020): views take these, never an
// API path. The editor's saves go through ../layout-api.ts, from its statechart.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { invalidateGets, type QueryApi } from './queries';

export const myLayoutQueries = {
  /** The caller's saved layout presets. */
  presets: (queryApi: QueryApi) => queryApi.queryOptions('get', '/api/mypage/presets'),
  /** The base spaces (background images) a layout may stand on. */
  baseSpaces: (queryApi: QueryApi) => queryApi.queryOptions('get', '/api/mypage/base_spaces'),
};

/** The caller's own presets (built-in ones answer 403). */
export const myPresetMutations = {
  rename: (api: ApiClient, presetId: string, name: string) =>
    api.PATCH('/api/mypage/presets/{id}', { params: { path: { id: presetId } }, body: { name } }),
  remove: (api: ApiClient, presetId: string) =>
    api.DELETE('/api/mypage/presets/{id}', { params: { path: { id: presetId } } }),
};

/** After a preset is saved, renamed or deleted. */
export const invalidatePresets = (queryClient: QueryClient) =>
  invalidateGets(queryClient, '/api/mypage/presets');

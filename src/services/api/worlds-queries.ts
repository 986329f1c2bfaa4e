// A world as its own pages ask about it (the gate, the meeting, an event's page), by name
// (ADR 013): views take these, never an API path. The caller's worlds on mypage are in
// ./my-worlds-queries.ts, so that these pages do not carry them. Guest entry asks through the
// guest entry machine (../guest-entry-api.ts).
import type { QueryApi } from './queries';

export const worldQueries = {
  /** The world as its pages show it to the caller (gate and meeting). */
  view: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{id}', { params: { path: { id: worldId } } }),
  /**
   * The outline the world's members see at the gate (getWorldOutline): the description, who is
   * in now, the next event.
   */
  memberOutline: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{id}/outline', { params: { path: { id: worldId } } }),
  /** The world's card: its owner's name and how many members it has. */
  card: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{id}/abstract', {
      params: { path: { id: worldId } },
    }),
  /** The outline anyone may read, signed in or not (getPublicWorldOutline): name, time zone. */
  publicOutline: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/world_outlines/{id}', { params: { path: { id: worldId } } }),
};

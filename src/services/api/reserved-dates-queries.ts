// A world's reserved dates one by one (docs/product.md, "Reserved dates") by name (ADR 013):
// views take these, never an API path. The calendar of the payment page, and its invalidation
// (invalidateCalendarDates), are in ./my-worlds-queries.ts.
import type { ApiClient } from './client';
import type { QueryApi } from './queries';

export const reservedDateQueries = {
  /** The world's reserved dates that end from `from` on, by start. */
  upcoming: (queryApi: QueryApi, worldId: string, from: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/calendar_dates', {
      params: { path: { world_id: worldId }, query: { from, status: 'reserved' } },
    }),
  /** The world's reserved dates that overlap [from, to), by start (the insights page's choice). */
  between: (queryApi: QueryApi, worldId: string, from: string, to: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/calendar_dates', {
      params: { path: { world_id: worldId }, query: { from, to, status: 'reserved' } },
    }),
};

export const reservedDateMutations = {
  /** Cancels a reserved date that has not started (refunded under the cancellation policy, ADR 036). */
  cancel: (api: ApiClient, worldId: string, dateId: string) =>
    api.DELETE('/api/mypage/worlds/{world_id}/calendar_dates/{id}', {
      params: { path: { world_id: worldId, id: dateId } },
    }),
  /** Marks a reserved date as a rehearsal of its event, or as the event itself. */
  setRehearsal: (api: ApiClient, worldId: string, dateId: string, isRehearsal: boolean) =>
    api.PATCH('/api/mypage/worlds/{world_id}/calendar_dates/{id}', {
      params: { path: { world_id: worldId, id: dateId } },
      body: { isRehearsal },
    }),
  /** Ties a reserved date to one of the world's event announcements. */
  linkEvent: (api: ApiClient, worldId: string, dateId: string, eventAnnouncementId: string) =>
    api.PATCH('/api/mypage/worlds/{world_id}/reserved_calendar_dates/{id}', {
      params: { path: { world_id: worldId, id: dateId } },
      body: { eventAnnouncementId },
    }),
};

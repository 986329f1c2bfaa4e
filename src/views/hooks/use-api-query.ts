import type { ApiClient } from '../../services/api/client';
import { createQueryApi, type QueryApi } from '../../services/api/queries';
import { useApi } from './use-api';

const queryApis = new WeakMap<ApiClient, QueryApi>();

/**
 * openapi-react-query on the app's client, for the named query factories of
 * src/services/api/<area>-queries.ts: `useQuery(myWorldQueries.show(useQueryApi(), id))`.
 * A failed query's `error` is an ApiError (src/services/errors/api-error.ts); show it with
 * <LoadFailure error={query.error} …/>.
 */
export function useQueryApi(): QueryApi {
  const api = useApi();
  let queryApi = queryApis.get(api);
  if (!queryApi) {
    queryApi = createQueryApi(api);
    queryApis.set(api, queryApi);
  }
  return queryApi;
}

/**
 * Options of a call that spends a one-time token (an e-mail confirmation, an event registration's
 * confirmation): one answer per token, kept, never refetched on focus, on reconnect or when
 * stale, so a second mount under StrictMode or a return to the tab does not spend it again.
 */
export const spendsOneTimeToken = {
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

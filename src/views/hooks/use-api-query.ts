import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../../services/api/client';
import { createQueryApi, queriesOf, type QueryApi } from '../../services/api/queries';
import type { paths } from '../../services/api/schema';
import { useApi } from './use-api';

const queryApis = new WeakMap<ApiClient, QueryApi>();

/**
 * openapi-react-query's hooks on the app's client: `useQueryApi().useQuery('get', path, init)`.
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

/**
 * After a mutation: marks the GET queries of `path` (for these path parameters, any query
 * string) stale, refetching those on screen. Resolves when they have been fetched again.
 */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return useCallback(
    (path: keyof paths, pathParams?: Record<string, string>) =>
      queryClient.invalidateQueries({ predicate: queriesOf(path, pathParams) }),
    [queryClient],
  );
}

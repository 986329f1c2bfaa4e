// TanStack Query through openapi-react-query on the app's one openapi-fetch client: data that is
// only fetched and shown (docs/decisions/013-data-layer.md). Query keys are openapi-react-query's
// ['get', path, init], so a mutation invalidates by path and path parameters.
import { QueryClient, type Query } from '@tanstack/react-query';
import createQueryHooks, { type OpenapiQueryClient } from 'openapi-react-query';
import { dataOf } from '../errors/api-error';
import type { ApiClient } from './client';
import type { paths } from './schema';

export type QueryApi = OpenapiQueryClient<paths>;

/**
 * The app's QueryClient. `retry: false` because the API client already retries a failed GET
 * once (./middleware/retry.ts): a second layer would multiply the attempts. Data stays fresh
 * for 30 s, so going back to a page, or a sub-page reading its world, shows the cache without
 * asking again; mutations invalidate what they change, so the caller's own edits show at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

/**
 * openapi-react-query's hooks on `client`, except that any answer that is not a success throws
 * an ApiError (../errors/api-error.ts), with its status: openapi-react-query itself would throw
 * the bare body, and take an error without a body (an empty 404) for success.
 */
export function createQueryApi(client: ApiClient): QueryApi {
  const throwing = { ...client } as Record<string, unknown>;
  for (const method of METHODS) {
    const call = client[method] as (...args: unknown[]) => Promise<{ response: Response }>;
    throwing[method] = async (...args: unknown[]) => {
      const result = await call(...args);
      await dataOf(() => Promise.resolve(result));
      return result;
    };
  }
  return createQueryHooks(throwing as unknown as ApiClient);
}

/**
 * Matches the GET queries of `path` (with any query string or page), and, when `pathParams` is
 * given, only those for these path parameters: a change to one world leaves the others cached.
 */
export function queriesOf(path: keyof paths, pathParams?: Record<string, string>) {
  return (query: Pick<Query, 'queryKey'>): boolean => {
    const [method, keyPath, init] = query.queryKey as [unknown, unknown, unknown];
    if (method !== 'get' || keyPath !== path) return false;
    if (!pathParams) return true;
    const keyParams = (init as { params?: { path?: Record<string, unknown> } } | undefined)?.params
      ?.path;
    return Object.entries(pathParams).every(([name, value]) => keyParams?.[name] === value);
  };
}

/**
 * Marks the GET queries of `path` (for these path parameters, any query string) stale,
 * refetching those on screen; resolves when they have been fetched again. The named
 * invalidations of the `<area>-queries.ts` files are made of it.
 */
export function invalidateGets(
  queryClient: QueryClient,
  path: keyof paths,
  pathParams?: Record<string, string>,
): Promise<void> {
  return queryClient.invalidateQueries({ predicate: queriesOf(path, pathParams) });
}

type GetPaths = { [P in keyof paths]: paths[P] extends { get: unknown } ? P : never }[keyof paths];

/** The JSON a GET of `P` answers with on success (200). */
export type GetData<P extends GetPaths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer Data } } } };
}
  ? Data
  : never;

type BodyMethod = 'post' | 'put' | 'patch' | 'delete';

/** The JSON body a `M` (post, put, patch, delete) of `P` takes. */
export type JsonBody<P extends keyof paths, M extends BodyMethod> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The query string a GET of `P` takes. */
export type GetQuery<P extends GetPaths> = paths[P] extends {
  get: { parameters: { query?: infer Query } };
}
  ? NonNullable<Query>
  : never;

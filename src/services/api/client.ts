import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { AppStorage } from '../storage';
import type { paths } from './schema';
import { applyAuthHeaders, authHeadersMiddleware } from './middleware/auth-headers';
import { retryMiddleware } from './middleware/retry';
import { storeRotatedAuth, tokenRotationMiddleware } from './middleware/token-rotation';

export interface ApiClientOptions {
  /** Origin (plus any prefix) of the API. Default '': the page's own origin. */
  baseUrl?: string;
  /** Default: the global fetch, looked up when the client is created. */
  fetch?: ClientOptions['fetch'];
  /** Where the session lives; read on every request, written when the server rotates it. */
  storage: AppStorage;
}

/** The client of the product's API, typed by the generated schema. */
export type ApiClient = Client<paths>;

/**
 * An openapi-fetch client that follows the API's general rules: session headers from
 * storage, token rotation back into storage, one retry for failed GETs, repeated-key
 * arrays in the query and JSON bodies (openapi-fetch's own default, DELETE included).
 * A `.{format}` suffix is asked for per call with `formatSuffix` from ./middleware/format-suffix.
 * Paths defaults to the generated schema; tests pass a small schema of their own.
 */
export function createApiClient<Paths extends object = paths>({
  baseUrl = '',
  fetch,
  storage,
}: ApiClientOptions): Client<Paths> {
  const client = createClient<Paths>({
    baseUrl,
    fetch,
    // The Fastify server reads `a=1&a=2` as an array; pinned so that a change of the
    // library's default cannot silently change what the server receives.
    querySerializer: { array: { style: 'form', explode: true } },
  });
  // Order matters: onResponse runs in reverse, so the retry sees a failure first and
  // token rotation then sees whichever response is final.
  client.use(
    authHeadersMiddleware(storage),
    tokenRotationMiddleware(storage),
    retryMiddleware({
      // The failed attempt may already have rotated the token; the retry has to carry the
      // new one, or the next "keep yours" blank would leave storage with a retired token.
      beforeRetry: (request, failed) => {
        if (failed) storeRotatedAuth(failed.headers, storage);
        return applyAuthHeaders(request, storage);
      },
    }),
  );
  return client;
}

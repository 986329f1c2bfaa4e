import type { Middleware } from 'openapi-fetch';

/** Statuses worth one more try: timeouts, conflicts, rate limits and gateway/server hiccups. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export interface RetryOptions {
  /**
   * Gives the request a chance to change before it is sent again; receives the failed
   * response, or undefined after a network failure. The client uses it to carry a token
   * that the failed response rotated.
   */
  beforeRetry?: (request: Request, failed: Response | undefined) => Request | Promise<Request>;
}

/**
 * Retries a GET exactly once after a network failure or a status in RETRY_STATUSES.
 * Other methods are never retried: they may have taken effect before the failure.
 */
export function retryMiddleware({
  beforeRetry = (request) => request,
}: RetryOptions = {}): Middleware {
  // openapi-fetch runs every onResponse on a response that onError produced; the ids
  // recorded here stop that retried response from being retried a second time.
  const retriedAfterError = new Set<string>();

  async function resend(
    request: Request,
    failed: Response | undefined,
    fetch: typeof globalThis.fetch,
  ): Promise<Response> {
    const next = await beforeRetry(new Request(request), failed);
    return fetch(next);
  }

  return {
    async onResponse({ request, response, options, id }) {
      if (retriedAfterError.delete(id)) return undefined;
      if (request.method !== 'GET' || !RETRY_STATUSES.has(response.status)) return undefined;
      if (request.signal.aborted) return undefined;
      // The discarded body would otherwise hold its connection until garbage collection.
      response.body?.cancel().catch(() => undefined);
      // Called unbound: the browser's fetch throws "Illegal invocation" when its `this` is
      // another object, and options.fetch is the caller's fetch as given.
      const { fetch } = options;
      return resend(request, response, fetch);
    },

    async onError({ request, error, options, id }) {
      if (request.method !== 'GET' || !isNetworkFailure(error, request)) return undefined;
      const { fetch } = options;
      try {
        const response = await resend(request, undefined, fetch);
        retriedAfterError.add(id);
        return response;
      } catch (retryError) {
        return retryError instanceof Error ? retryError : new Error(String(retryError));
      }
    },
  };
}

// fetch rejects with a TypeError for network failures (Fetch standard); an abort is the
// caller's decision and anything else is a bug, neither of which a retry would fix.
function isNetworkFailure(error: unknown, request: Request): boolean {
  return error instanceof TypeError && !request.signal.aborted;
}

import type { Middleware } from 'openapi-fetch';

/** Representations the API serves under a `.{format}` suffix on any path. */
export type ResponseFormat = 'json' | 'csv';

/**
 * Per-call middleware asking for a representation by suffix, e.g. `/api/news.csv?page=2`.
 * It is per call because the suffix is a property of one request, not of the client:
 *
 *   client.GET('/api/news', { middleware: [formatSuffix('csv')], parseAs: 'text' })
 */
export function formatSuffix(format: ResponseFormat): Middleware {
  return {
    async onRequest({ request }) {
      const url = new URL(request.url);
      // "/worlds/" + ".json" would name a different resource ("/worlds/.json").
      url.pathname = `${url.pathname.replace(/\/+$/, '')}.${format}`;
      return withUrl(request, url);
    },
  };
}

// A Request's URL is read-only, so the request is rebuilt. The body is buffered rather than
// passed as the original stream because browsers reject a stream body without `duplex`.
async function withUrl(request: Request, url: URL): Promise<Request> {
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body === null ? null : await request.arrayBuffer(),
    signal: request.signal,
    credentials: request.credentials,
    mode: request.mode,
    cache: request.cache,
    redirect: request.redirect,
    referrer: request.referrer,
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    keepalive: request.keepalive,
  });
}

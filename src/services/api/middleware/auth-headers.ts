import type { Middleware } from 'openapi-fetch';
import type { AppStorage, StorageKey } from '../../storage';

const AUTH_HEADERS = [
  ['client', 'authClient'],
  ['uid', 'authUid'],
  ['access-token', 'authAccessToken'],
] as const satisfies readonly (readonly [string, StorageKey])[];

/**
 * Puts the stored session on the request. Storage is read per request, not captured once,
 * because sign-in, sign-out and token rotation change it while the client lives.
 */
export function applyAuthHeaders(request: Request, storage: AppStorage): Request {
  for (const [header, key] of AUTH_HEADERS) {
    const value = storage.get(key);
    // A blank header would reach the server as an (invalid) credential; absent says "anonymous".
    if (value) request.headers.set(header, value);
  }
  return request;
}

export function authHeadersMiddleware(storage: AppStorage): Middleware {
  return { onRequest: ({ request }) => applyAuthHeaders(request, storage) };
}

import type { Middleware } from 'openapi-fetch';
import type { AppStorage } from '../../storage';

/**
 * Keeps the session the server hands back. Only a non-blank access-token counts: during its
 * batch window the server answers a blank one meaning "keep yours", and storing that blank
 * would sign the user out. client and uid are only taken alongside a new token so that a
 * response can never leave storage holding one user's uid with another's token.
 */
export function storeRotatedAuth(headers: Headers, storage: AppStorage): void {
  const token = nonBlank(headers.get('access-token'));
  if (!token) return;
  storage.set('authAccessToken', token);
  const client = nonBlank(headers.get('client'));
  if (client) storage.set('authClient', client);
  const uid = nonBlank(headers.get('uid'));
  if (uid) storage.set('authUid', uid);
}

export function tokenRotationMiddleware(storage: AppStorage): Middleware {
  return {
    onResponse: ({ response }) => {
      storeRotatedAuth(response.headers, storage);
    },
  };
}

// Headers already strip surrounding whitespace, so blank means empty here.
function nonBlank(value: string | null): string | undefined {
  return value || undefined;
}

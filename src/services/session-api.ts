import type { ApiClient } from './api/client';
import { serverMessages } from './errors/api-error';
import type { components } from './api/schema';
import type { AppStorage } from './storage';

// The calls behind the session machine's actors (src/machines/session.machine.ts).

type User = components['schemas']['User'];

/** The first of the server's `{ errors: [...] }` messages, else the fallback "Error {status}" (docs/product.md §8). */
function errorMessage(body: unknown, response: Response): string {
  return serverMessages(body, response.status)[0]!;
}

/**
 * The stored session's user: null when nothing is stored or the server refuses a user's token
 * (401), `expiredGuest` when it refuses a guest's. Any other failure throws, so that a network
 * error does not pass for "signed out". `signal` abandons the check: a guest who entered while it
 * was out must not have the stored session's rotated token written over the guest's.
 */
export async function restoreSession(
  client: ApiClient,
  storage: AppStorage,
  signal?: AbortSignal,
): Promise<{ user: User } | { expiredGuest: true } | null> {
  if (!storage.get('authAccessToken') || !storage.get('authClient') || !storage.get('authUid'))
    return null;
  const { data, error, response } = await client.GET(
    '/api/auth/validate_token',
    signal ? { signal } : {},
  );
  if (response.status === 401)
    return storage.get('userIsGuest') === 'true' ? { expiredGuest: true } : null;
  if (!data) throw new Error(errorMessage(error, response));
  return { user: data.data };
}

/**
 * Signs in. The API client's token middleware stores the new auth headers from the response;
 * a success without them would leave a user who is signed in only on screen, so it counts as a failure.
 */
export async function signIn(
  client: ApiClient,
  storage: AppStorage,
  { email, password }: { email: string; password: string },
): Promise<{ user: User }> {
  const { data, error, response } = await client.POST('/api/auth/sign_in', {
    body: { email, password },
  });
  if (!data) throw new Error(errorMessage(error, response));
  if (!storage.get('authAccessToken') || !storage.get('authClient') || !storage.get('authUid')) {
    throw new Error('サインインに失敗しました。時間をおいてもう一度お試しください。');
  }
  return { user: data.data };
}

/** Revokes this client's token on the server. DELETE carries a JSON body, as every call of the original did. */
export async function signOut(client: ApiClient): Promise<void> {
  const { error, response } = await client.DELETE('/api/auth/sign_out', { body: {} });
  if (!response.ok) throw new Error(errorMessage(error, response));
}

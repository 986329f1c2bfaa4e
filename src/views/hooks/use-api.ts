import { createContext, useContext } from 'react';
import type { ApiClient } from '../../services/api/client';

/**
 * The app's one client (with its 401 middleware), handed to the views by src/app, which they
 * may not import: `<ApiClientContext.Provider value={client}>`.
 */
export const ApiClientContext = createContext<ApiClient | null>(null);

/** The app's typed API client. */
export function useApi(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApi: no <ApiClientContext.Provider> above this component');
  return client;
}

export type ApiOutcome<T> = { ok: true; data: T; status: number } | { ok: false; errors: string[]; status: number };

export const networkErrorMessage = '通信できませんでした。接続を確かめて、もう一度お試しください。';

/**
 * Runs one openapi-fetch call and answers either its data or the messages to show:
 * the server's `{ errors: [...] }` as they are (Japanese, written for people), "Error {status}"
 * (the spec's fallback) for a body without them, and a network message when nothing came back.
 */
export async function request<T>(
  call: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<ApiOutcome<T>> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call();
  } catch {
    return { ok: false, errors: [networkErrorMessage], status: 0 };
  }
  const { data, error, response } = result;
  if (response.ok && error === undefined) return { ok: true, data: data as T, status: response.status };
  return { ok: false, errors: errorsOf(error, response.status), status: response.status };
}

function errorsOf(body: unknown, status: number): string[] {
  if (typeof body === 'object' && body !== null && 'errors' in body && Array.isArray(body.errors)) {
    const messages = body.errors.filter((m): m is string => typeof m === 'string' && m !== '');
    if (messages.length > 0) return messages;
  }
  return [`Error ${status}`];
}

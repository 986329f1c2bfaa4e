import { createContext, useContext } from 'react';
import type { ApiClient } from '../../services/api/client';
import { dataOf, toApiError } from '../../services/errors/api-error';

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

export type ApiOutcome<T> =
  { ok: true; data: T; status: number } | { ok: false; errors: string[]; status: number };

/**
 * Runs one openapi-fetch call (a mutation: a form's submit, a button) and answers either its
 * data or the messages to show, as read by the one normaliser (src/services/errors/api-error.ts):
 * the server's `{ errors: [...] }` as they are, "Error {status}" for a body without them, and a
 * network message when nothing came back. Data that is only shown goes through useQueryApi().
 */
export async function request<T>(
  call: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<ApiOutcome<T>> {
  try {
    const { data, status } = await dataOf(call);
    return { ok: true, data, status };
  } catch (error) {
    const { status, messages } = toApiError(error);
    return { ok: false, errors: messages, status };
  }
}

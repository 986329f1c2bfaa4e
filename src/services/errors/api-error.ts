// The one reading of a failed API call (docs/decisions/004-api-conventions.md: every error body
// is `{ errors: [...] }`, Japanese messages written for people). Loaders, forms, the session,
// payments and meetings all take their messages from here.

export const NETWORK_ERROR_MESSAGE =
  '通信できませんでした。接続を確かめて、もう一度お試しください。';

/** A failed API call: the HTTP status (0: no answer at all) and the messages to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages[0] ?? `Error ${status}`);
  }
}

/**
 * The server's messages from an error body: its non-empty `errors` strings, else the
 * fallback "Error {status}" of docs/product.md §8 (a body without them: a proxy's page, an empty 502).
 */
export function serverMessages(body: unknown, status: number): string[] {
  if (typeof body === 'object' && body !== null && 'errors' in body && Array.isArray(body.errors)) {
    const messages = body.errors.filter((m): m is string => typeof m === 'string' && m !== '');
    if (messages.length > 0) return messages;
  }
  return [`Error ${status}`];
}

/** The ApiError for an answer that was not a success. */
function apiErrorFrom(body: unknown, response: Pick<Response, 'status'>): ApiError {
  return new ApiError(response.status, serverMessages(body, response.status));
}

/**
 * Anything a call threw, as an ApiError: an ApiError (or a subclass) as it is; anything else
 * (fetch's TypeError for a dropped connection) as no answer, status 0.
 */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, [NETWORK_ERROR_MESSAGE]);
}

/** Whether `error` is the abort of a call that nobody waits for any more (not a failure). */
function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/**
 * Runs one openapi-fetch call: its data and status on success; otherwise throws the ApiError
 * (status 0 when no answer came back). An abort is passed through untouched.
 */
export async function dataOf<T>(
  run: () => Promise<FetchResult<T>>,
): Promise<{ data: T; status: number }> {
  let result: FetchResult<T>;
  try {
    result = await run();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw toApiError(error);
  }
  const { data, error, response } = result;
  if (!response.ok || error !== undefined) throw apiErrorFrom(error, response);
  return { data: data as T, status: response.status };
}

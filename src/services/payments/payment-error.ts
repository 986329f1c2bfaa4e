// How a payment call failed, in the terms the checkout decides on. The messages are read by the
// one normaliser, ../errors/api-error.ts.
import { NETWORK_ERROR_MESSAGE, serverMessages } from '../errors/api-error';

/**
 * - declined: the provider or a business rule refused (4xx other than 409): the server's message
 *   says why, nothing was charged, another card may work;
 * - conflict: a date is taken (409);
 * - unknown: no answer, or a 5xx: the request may or may not have been carried out, so it must
 *   not be sent again blindly (the checkout verifies first);
 */
export type PaymentErrorKind = 'declined' | 'conflict' | 'unknown';

export class PaymentError extends Error {
  override name = 'PaymentError';
  constructor(
    readonly kind: PaymentErrorKind,
    readonly messages: string[],
    readonly status: number,
  ) {
    super(messages[0] ?? `Error ${status}`);
  }
}

export function isPaymentError(error: unknown, kind?: PaymentErrorKind): error is PaymentError {
  if (typeof error !== 'object' || error === null || !('kind' in error) || !('messages' in error))
    return false;
  return kind === undefined || (error as { kind: unknown }).kind === kind;
}

/** The messages to show for any thrown value. */
export function messagesOf(error: unknown): string[] {
  if (isPaymentError(error) && error.messages.length > 0) return error.messages;
  if (error instanceof Error && error.message) return [error.message];
  return ['エラーが発生しました。もう一度お試しください。'];
}

/** The error for a response that was not a success. */
function paymentErrorFrom(body: unknown, response: Response): PaymentError {
  const { status } = response;
  const kind: PaymentErrorKind =
    status >= 500 || status === 408 ? 'unknown' : status === 409 ? 'conflict' : 'declined';
  return new PaymentError(kind, serverMessages(body, status), status);
}

/**
 * Runs one openapi-fetch call: its data on success, else a PaymentError; a call that got no
 * response at all (a dropped connection) becomes kind "unknown".
 */
export async function call<T>(
  run: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<{ data: T; status: number }> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await run();
  } catch {
    throw new PaymentError('unknown', [NETWORK_ERROR_MESSAGE], 0);
  }
  const { data, error, response } = result;
  if (!response.ok || error !== undefined) throw paymentErrorFrom(error, response);
  return { data: data as T, status: response.status };
}

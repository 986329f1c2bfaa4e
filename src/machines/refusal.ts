// What a flow machine keeps of a refused request: the server's messages to show, and one more
// failed attempt (each moves the focus to the error summary, the same text again included).
import { toApiError } from '../services/errors/api-error';

export function refusal(failures: number, error: unknown): { errors: string[]; failures: number } {
  return { errors: toApiError(error).messages, failures: failures + 1 };
}

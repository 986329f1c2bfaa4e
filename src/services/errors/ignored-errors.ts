// Errors that are shown (or handled) but never reported (docs/product.md §8).

/** The realtime connection's message when the socket goes away; reconnecting is the fix. */
export const DISCONNECTED_MESSAGE = 'Disconnected';

/**
 * Names of the meeting connection failures. The meeting code raises them with meetingError();
 * they are the visitor's network or device, not our defect, so they are not reported.
 */
export const MEETING_FAILED_TO_CONNECT = 'MeetingFailedToConnect';
export const MEETING_ENDED = 'MeetingEnded';
export const MEETING_AUDIO_DEVICE_FAILURE = 'MeetingAudioDeviceFailure';

export type MeetingFailure =
  typeof MEETING_FAILED_TO_CONNECT | typeof MEETING_ENDED | typeof MEETING_AUDIO_DEVICE_FAILURE;

const MEETING_FAILURES: ReadonlySet<string> = new Set([
  MEETING_FAILED_TO_CONNECT,
  MEETING_ENDED,
  MEETING_AUDIO_DEVICE_FAILURE,
]);

/** An Error whose name marks it as a meeting connection failure. */
export function meetingError(name: MeetingFailure, message: string = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

function nameAndMessage(value: unknown): { name?: string; message?: string } {
  if (typeof value !== 'object' || value === null)
    return typeof value === 'string' ? { message: value } : {};
  const { name, message } = value as { name?: unknown; message?: unknown };
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof message === 'string' ? { message } : {}),
  };
}

/**
 * True for an error that must never be reported: the message "Disconnected", a media permission
 * refusal (getUserMedia's NotAllowedError DOMException) and the meeting connection failures.
 * Looks at the error itself and at its `cause`.
 */
export function isIgnoredError(error: unknown): boolean {
  const candidates = [error];
  if (typeof error === 'object' && error !== null && 'cause' in error)
    candidates.push((error as { cause: unknown }).cause);
  return candidates.some((candidate) => {
    const { name, message } = nameAndMessage(candidate);
    if (message === DISCONNECTED_MESSAGE) return true;
    if (name === 'NotAllowedError') return true;
    return name !== undefined && MEETING_FAILURES.has(name);
  });
}

import { describe, expect, it, vi } from 'vitest';
import type { AppError } from './app-error';
import { clearError, getCurrentError, showError, subscribeToCurrentError } from './current-error';
import {
  createErrorHandler,
  createErrorReporter,
  installGlobalErrorHandlers,
  toAppError,
  type ReportableError,
} from './handle-error';
import {
  DISCONNECTED_MESSAGE,
  MEETING_AUDIO_DEVICE_FAILURE,
  MEETING_ENDED,
  MEETING_FAILED_TO_CONNECT,
  meetingError,
} from './ignored-errors';

function setup() {
  const report = vi.fn<(error: ReportableError) => void>();
  const display = vi.fn<(error: AppError) => void>();
  const redirect = vi.fn<(to: string) => void>();
  return { report, display, redirect, handle: createErrorHandler({ report, display, redirect }) };
}

const boom = (data?: AppError['data']): AppError => ({
  statusCode: 500,
  message: 'boom',
  ...(data ? { data } : {}),
});

describe('handleError', () => {
  it('reports, marks reported and displays an ordinary error', () => {
    const { handle, report, display } = setup();
    const error = boom();
    expect(handle(error)).toBe('reported');
    expect(report).toHaveBeenCalledWith(error);
    expect(display).toHaveBeenCalledWith(error);
    expect(error.data?.alreadyReported).toBe(true);
  });

  it('reports the same error object only once', () => {
    const { handle, report, display } = setup();
    const error = boom();
    handle(error);
    expect(handle(error)).toBe('displayed');
    expect(report).toHaveBeenCalledTimes(1);
    expect(display).toHaveBeenCalledTimes(2);
  });

  it('redirects instead of displaying when the data has a redirect target', () => {
    const { handle, report, display, redirect } = setup();
    expect(handle(boom({ redirect: '/signin' }))).toBe('redirected');
    expect(redirect).toHaveBeenCalledWith('/signin');
    expect(display).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
  });

  it.each([['skipReporting'], ['alreadyReported']] as const)('only displays with %s', (flag) => {
    const { handle, report, display } = setup();
    expect(handle(boom({ [flag]: true }))).toBe('displayed');
    expect(report).not.toHaveBeenCalled();
    expect(display).toHaveBeenCalledTimes(1);
  });

  it('clears ignoreOnce and displays without reporting, then reports the next time', () => {
    const { handle, report, display } = setup();
    const error = boom({ ignoreOnce: true });
    expect(handle(error)).toBe('displayed');
    expect(error.data?.ignoreOnce).toBe(false);
    expect(report).not.toHaveBeenCalled();
    expect(handle(error)).toBe('reported');
    expect(report).toHaveBeenCalledTimes(1);
    expect(display).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['the message "Disconnected"', toAppError(new Error(DISCONNECTED_MESSAGE))],
    [
      'a media permission refusal',
      toAppError(new DOMException('Permission denied', 'NotAllowedError')),
    ],
    ['a failed meeting connection', toAppError(meetingError(MEETING_FAILED_TO_CONNECT))],
    ['a meeting that ended', toAppError(meetingError(MEETING_ENDED, '会議は終了しました'))],
    ['an audio device failure', toAppError(meetingError(MEETING_AUDIO_DEVICE_FAILURE))],
  ])('never reports %s but displays it', (_name, error) => {
    const { handle, report, display } = setup();
    expect(handle(error)).toBe('displayed');
    expect(report).not.toHaveBeenCalled();
    expect(display).toHaveBeenCalledWith(error);
  });
});

describe('toAppError', () => {
  it('makes a thrown Error a fatal 500 that keeps the original for the report', () => {
    const cause = new Error('kaboom');
    expect(toAppError(cause)).toEqual({ statusCode: 500, message: 'kaboom', fatal: true, cause });
  });

  it('falls back to "Error {statusCode}" without a message', () => {
    expect(toAppError(undefined, 503).message).toBe('Error 503');
    expect(toAppError({ statusCode: 404, message: '' }).message).toBe('Error 404');
  });

  it('passes an AppError through', () => {
    const error = boom();
    expect(toAppError(error)).toBe(error);
  });
});

describe('installGlobalErrorHandlers', () => {
  it('feeds window errors and unhandled rejections to the handler, until uninstalled', () => {
    const target = new EventTarget() as unknown as Window;
    const handle = vi.fn();
    const uninstall = installGlobalErrorHandlers(target, handle);

    const error = new Error('window error');
    target.dispatchEvent(Object.assign(new Event('error'), { error, message: error.message }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'rejected' }));
    expect(handle.mock.calls.map(([e]) => (e as AppError).message)).toEqual([
      'window error',
      'rejected',
    ]);

    uninstall();
    target.dispatchEvent(Object.assign(new Event('error'), { error, message: error.message }));
    expect(handle).toHaveBeenCalledTimes(2);
  });

  it('ignores the opaque "Script error." of a cross-origin script', () => {
    const target = new EventTarget() as unknown as Window;
    const handle = vi.fn();
    installGlobalErrorHandlers(target, handle);
    target.dispatchEvent(
      Object.assign(new Event('error'), { error: null, message: 'Script error.' }),
    );
    expect(handle).not.toHaveBeenCalled();
  });
});

describe('current error store', () => {
  it('shows and clears the error, telling subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToCurrentError(listener);
    const error = boom();
    showError(error);
    expect(getCurrentError()).toBe(error);
    clearError();
    expect(getCurrentError()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    showError(error);
    expect(listener).toHaveBeenCalledTimes(2);
    clearError();
  });
});

describe('createErrorReporter', () => {
  it('reports a defect once, without displaying it', () => {
    const report = vi.fn<(error: ReportableError) => void>();
    const reportOnly = createErrorReporter({ report });
    const error = toAppError(new Error('meeting stopped: InternalServerFailure'));
    expect(reportOnly(error)).toBe(true);
    expect(reportOnly(error)).toBe(false);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('keeps the ignore list of docs/product.md §8: Disconnected, a refused permission, meeting connection failures', () => {
    const report = vi.fn<(error: ReportableError) => void>();
    const reportOnly = createErrorReporter({ report });
    const denied = new Error('Permission denied');
    denied.name = 'NotAllowedError';
    for (const thrown of [
      new Error(DISCONNECTED_MESSAGE),
      denied,
      meetingError(MEETING_FAILED_TO_CONNECT),
    ])
      expect(reportOnly(toAppError(thrown))).toBe(false);
    expect(report).not.toHaveBeenCalled();
  });
});

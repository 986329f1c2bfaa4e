import type { AppError } from './app-error';
import { showError } from './current-error';
import { isIgnoredError } from './ignored-errors';

// Global error handling (docs/product.md §8). The flags live on the error's `data` and are updated
// in place, so the same error object handled twice is reported once.

/** An AppError that may carry what was thrown, for the report's stack trace. */
export type ReportableError = AppError & { cause?: unknown };

export interface ErrorHandlingDeps {
  report(error: ReportableError): void;
  display(error: AppError): void;
  redirect(to: string): void;
}

export type ErrorOutcome = 'redirected' | 'displayed' | 'reported';

export function createErrorHandler(
  deps: ErrorHandlingDeps,
): (error: ReportableError) => ErrorOutcome {
  return (error) => {
    const data = error.data;
    if (data?.redirect) {
      deps.redirect(data.redirect);
      return 'redirected';
    }
    if (data?.skipReporting || data?.alreadyReported) {
      deps.display(error);
      return 'displayed';
    }
    if (data?.ignoreOnce) {
      data.ignoreOnce = false;
      deps.display(error);
      return 'displayed';
    }
    if (isIgnoredError(error)) {
      deps.display(error);
      return 'displayed';
    }
    deps.report(error);
    error.data = { ...data, alreadyReported: true };
    deps.display(error);
    return 'reported';
  };
}

/**
 * Reports `error` without showing it: for failures the screen already explains (a meeting that
 * could not start shows its own outcome). The same rules as the handler: nothing flagged, already
 * reported or on the ignore list (docs/product.md §8) is reported. True when it was reported.
 */
export function createErrorReporter(
  deps: Pick<ErrorHandlingDeps, 'report'>,
): (error: ReportableError) => boolean {
  return (error) => {
    const data = error.data;
    if (data?.skipReporting || data?.alreadyReported || data?.ignoreOnce) return false;
    if (isIgnoredError(error)) return false;
    deps.report(error);
    error.data = { ...data, alreadyReported: true };
    return true;
  };
}

/** "Error {statusCode}": the message of an error that has none. */
export function fallbackMessage(statusCode: number): string {
  return `Error ${statusCode}`;
}

function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AppError).statusCode === 'number' &&
    typeof (value as AppError).message === 'string'
  );
}

/** Whatever was thrown, as an AppError: status 500 and fatal unless it already is one. */
export function toAppError(value: unknown, statusCode = 500): ReportableError {
  if (isAppError(value))
    return value.message ? value : { ...value, message: fallbackMessage(value.statusCode) };
  const message = value instanceof Error ? value.message : typeof value === 'string' ? value : '';
  return { statusCode, message: message || fallbackMessage(statusCode), fatal: true, cause: value };
}

// The app's handler. Until the app configures reporting and navigation, errors are displayed
// and redirects are full page loads, which is right for anything that happens before start-up.
let deps: ErrorHandlingDeps = {
  report: () => undefined,
  display: showError,
  redirect: (to) => window.location.assign(to),
};
let handler = createErrorHandler(deps);

export function configureErrorHandling(overrides: Partial<ErrorHandlingDeps>): void {
  deps = { ...deps, ...overrides };
  handler = createErrorHandler(deps);
}

/** Redirects, or reports (unless flagged or ignored) and displays `error` on the error page. */
export function handleError(error: ReportableError): ErrorOutcome {
  return handler(error);
}

/** Reports what was thrown (unless ignored) to the configured reporter, showing nothing. */
export function reportError(thrown: unknown): boolean {
  return createErrorReporter(deps)(toAppError(thrown));
}

type EventTargetLike = Pick<Window, 'addEventListener' | 'removeEventListener'>;

// Noise browsers raise outside our code: a cross-origin script's opaque error and the benign
// ResizeObserver notice. Neither has an error object and neither means the page is broken.
const BROWSER_NOISE = /^(Script error\.?|ResizeObserver loop)/;

/** Feeds window errors and unhandled promise rejections to `handle`. Returns the uninstaller. */
export function installGlobalErrorHandlers(
  target: EventTargetLike,
  handle: (error: ReportableError) => unknown = handleError,
): () => void {
  const onError = (event: Event) => {
    const { error, message } = event as ErrorEvent;
    if (error == null && BROWSER_NOISE.test(message ?? '')) return;
    handle(toAppError(error ?? message));
  };
  const onRejection = (event: Event) => {
    handle(toAppError((event as PromiseRejectionEvent).reason));
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

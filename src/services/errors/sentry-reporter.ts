import type { ReportableError } from './handle-error';
import { isIgnoredError } from './ignored-errors';
import { createReportLimiter, type LimiterClock, REPORT_QUEUE_SIZE } from './report-limiter';

type SentryModule = Pick<typeof import('@sentry/react'), 'init' | 'captureException'>;

export interface SentryReporterOptions {
  dsn: string;
  release?: string;
  environment?: string;
  /** Loads the SDK; by default a separate chunk, fetched only when a DSN is configured. */
  loadSentry?: () => Promise<SentryModule>;
  clock?: LimiterClock;
}

/**
 * A reporter that sends to Sentry through the rate limiter. Sentry's own window.onerror and
 * unhandledrejection hooks are switched off: those events reach handleError, which reports
 * them here, once, within the limits.
 */
export function createSentryReporter({
  dsn,
  release,
  environment,
  loadSentry = () => import('@sentry/react'),
  clock,
}: SentryReporterOptions): (error: ReportableError) => void {
  const sentry = loadSentry().then((Sentry) => {
    Sentry.init({
      dsn,
      ...(release ? { release } : {}),
      ...(environment ? { environment } : {}),
      maxBreadcrumbs: REPORT_QUEUE_SIZE,
      integrations: (defaults) =>
        defaults.filter((integration) => integration.name !== 'GlobalHandlers'),
      beforeSend: (event, hint) => (isIgnoredError(hint.originalException) ? null : event),
    });
    return Sentry;
  });
  // A failed SDK download must not become an unhandled rejection, which would be reported again.
  sentry.catch(() => undefined);

  const limiter = createReportLimiter<ReportableError>({
    ...(clock ? { clock } : {}),
    send: (error) => {
      void sentry
        .then((Sentry) => {
          const exception = error.cause instanceof Error ? error.cause : new Error(error.message);
          Sentry.captureException(exception, {
            extra: { statusCode: error.statusCode, message: error.message },
          });
        })
        .catch(() => undefined);
    },
  });
  return (error) => {
    limiter.submit(error);
  };
}

/** The reporter the configuration asks for: Sentry with a DSN, nothing without one. */
export function reporterFromEnv(env: {
  VITE_SENTRY_DSN?: string;
  VITE_BUILD_ID?: string;
  MODE?: string;
}) {
  const dsn = env.VITE_SENTRY_DSN?.trim();
  if (!dsn) return null;
  return createSentryReporter({
    dsn,
    ...(env.VITE_BUILD_ID ? { release: env.VITE_BUILD_ID } : {}),
    ...(env.MODE ? { environment: env.MODE } : {}),
  });
}

import { useEffect, useMemo } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import type { AppError } from '../services/errors/app-error';
import { fallbackMessage, handleError, toAppError } from '../services/errors/handle-error';
import { ErrorPage } from '../views/pages/error-page';

/** A route error as the app shows it: 404 "Page not found: {path}", anything else as thrown. */
export function routeErrorToAppError(error: unknown, pathname: string): AppError {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      // Not a defect of ours: a mistyped or stale link.
      return {
        statusCode: 404,
        message: `Page not found: ${pathname}`,
        data: { skipReporting: true },
      };
    }
    const message = (error.data as { message?: unknown } | null)?.message;
    return {
      statusCode: error.status,
      message: typeof message === 'string' && message ? message : fallbackMessage(error.status),
    };
  }
  return toAppError(error);
}

/**
 * An error thrown by a page, its loader or its lazy import shows the error page. Used inside the
 * providers and, as the last resort, at the root (when a provider itself failed).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const appError = useMemo(() => routeErrorToAppError(error, pathname), [error, pathname]);
  // Through the global handling: reported once (unless flagged), and shown as the current error.
  useEffect(() => {
    handleError(appError);
  }, [appError]);
  return <ErrorPage error={appError} />;
}

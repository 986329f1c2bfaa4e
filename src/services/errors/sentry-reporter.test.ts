import { describe, expect, it, vi } from 'vitest';
import { createSentryReporter, reporterFromEnv } from './sentry-reporter';

function fakeSentry() {
  return { init: vi.fn(), captureException: vi.fn() };
}

describe('Sentry reporter', () => {
  it('is off without a DSN', () => {
    expect(reporterFromEnv({})).toBeNull();
    expect(reporterFromEnv({ VITE_SENTRY_DSN: '  ' })).toBeNull();
  });

  it('initializes Sentry without its own global handlers and captures the original error', async () => {
    const sentry = fakeSentry();
    const report = createSentryReporter({
      dsn: 'https://key@sentry.example/1',
      release: 'b1',
      loadSentry: async () => sentry as never,
    });
    const cause = new Error('boom');
    report({ statusCode: 500, message: 'boom', cause });
    await vi.waitFor(() => expect(sentry.captureException).toHaveBeenCalledTimes(1));

    const options = sentry.init.mock.calls[0]?.[0];
    expect(options).toMatchObject({
      dsn: 'https://key@sentry.example/1',
      release: 'b1',
      maxBreadcrumbs: 100,
    });
    const kept = options.integrations([{ name: 'GlobalHandlers' }, { name: 'Breadcrumbs' }]);
    expect(kept).toEqual([{ name: 'Breadcrumbs' }]);
    expect(sentry.captureException.mock.calls[0]?.[0]).toBe(cause);
  });

  it('drops an ignored error in beforeSend as a last line of defence', () => {
    const sentry = fakeSentry();
    createSentryReporter({
      dsn: 'https://key@sentry.example/1',
      loadSentry: async () => sentry as never,
    });
    return vi.waitFor(() => {
      const { beforeSend } = sentry.init.mock.calls[0]?.[0];
      expect(beforeSend({ id: 1 }, { originalException: new Error('Disconnected') })).toBeNull();
      expect(beforeSend({ id: 1 }, { originalException: new Error('boom') })).toEqual({ id: 1 });
    });
  });
});

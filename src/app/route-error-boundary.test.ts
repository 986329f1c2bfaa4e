import { createMemoryRouter, data } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { messageLines } from '../views/pages/error-page';
import { notFound } from './not-found';
import { routeErrorToAppError } from './route-error-boundary';

/** What the router hands the error boundary when `loader` throws. */
async function routeError(loader: () => unknown): Promise<unknown> {
  const router = createMemoryRouter([{ path: '/', loader, Component: () => null }], {
    initialEntries: ['/'],
  });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  return Object.values(router.state.errors ?? {})[0];
}

describe('route errors as the error page shows them', () => {
  it('turns a 404 into "Page not found: {path}", not reported', async () => {
    expect(routeErrorToAppError(await routeError(notFound), '/no/such')).toEqual({
      statusCode: 404,
      message: 'Page not found: /no/such',
      data: { skipReporting: true },
    });
  });

  it('falls back to "Error {statusCode}" for another status without a message', async () => {
    const error = await routeError(() => {
      throw data(null, { status: 503 });
    });
    expect(routeErrorToAppError(error, '/x')).toEqual({ statusCode: 503, message: 'Error 503' });
  });

  it('makes a thrown Error a fatal 500', () => {
    expect(routeErrorToAppError(new Error('boom'), '/x')).toMatchObject({
      statusCode: 500,
      message: 'boom',
      fatal: true,
    });
  });

  it('splits the message into lines for the page', () => {
    expect(messageLines({ statusCode: 401, message: '一行目\n二行目\r\n三行目' })).toEqual([
      '一行目',
      '二行目',
      '三行目',
    ]);
    expect(messageLines({ statusCode: 502, message: '' })).toEqual(['Error 502']);
  });
});

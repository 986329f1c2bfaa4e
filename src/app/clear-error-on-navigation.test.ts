import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearError, getCurrentError, showError } from '../services/errors/current-error';
import { clearErrorOnNavigation } from './clear-error-on-navigation';

const expired = { statusCode: 401, message: 'セッションの有効期限が切れています。' };

let release: (() => void) | undefined;
let cleanup: (() => void) | undefined;

/** The router without React: only its own state decides, never a render. */
function start(path: string) {
  let finishLoading = () => {};
  const router = createMemoryRouter(
    [
      { path: '/gate' },
      { path: '/world' },
      { path: '/contact' },
      {
        path: '/slow',
        loader: () => new Promise<null>((resolve) => (finishLoading = () => resolve(null))),
      },
    ],
    { initialEntries: [path] },
  );
  const stop = clearErrorOnNavigation(router);
  cleanup = () => {
    stop();
    router.dispose();
  };
  release = () => finishLoading();
  return router;
}

afterEach(() => {
  cleanup?.();
  clearError();
});

describe('clearErrorOnNavigation', () => {
  it('leaves the error page when the visitor goes elsewhere, by a link or the back button', async () => {
    const router = start('/gate');
    await router.navigate('/world');
    showError(expired);
    await router.navigate('/contact');
    expect(getCurrentError()).toBeNull();

    showError(expired);
    await router.navigate(-1);
    expect(getCurrentError()).toBeNull();
  });

  it('keeps the error through a redirect (a replacing navigation), then leaves on the next link', async () => {
    const router = start('/world');
    showError(expired);
    await router.navigate('/gate', { replace: true });
    expect(getCurrentError()).toBe(expired);
    await router.navigate('/contact');
    expect(getCurrentError()).toBeNull();
  });

  it('gives an error raised during a pending navigation to where that navigation lands', async () => {
    const router = start('/gate');
    const landing = router.navigate('/slow');
    expect(router.state.navigation.state).toBe('loading');
    showError(expired);
    release?.();
    await landing;
    expect(router.state.location.pathname).toBe('/slow');
    expect(getCurrentError()).toBe(expired);
    await router.navigate('/contact');
    expect(getCurrentError()).toBeNull();
  });

  // The race of a removed guest entering from the gate: the router has pushed the meeting page
  // (React renders it later, in a transition) when the join is answered 401. The error belongs
  // to the meeting page, not to the gate React still shows: nothing may clear it on landing.
  it('gives an error raised after the router has landed to the new location, whatever React has rendered', async () => {
    const router = start('/world');
    await router.navigate('/gate', { replace: true });
    await router.navigate('/world');
    showError(expired);
    await router.revalidate();
    await router.navigate('/gate', { replace: true });
    expect(getCurrentError()).toBe(expired);
  });

  it('gives each new error to where the router is when it appears, not to where the last one was', async () => {
    const router = start('/gate');
    showError(expired);
    const landing = router.navigate('/slow');
    const other = { statusCode: 500, message: 'Error 500' };
    showError(other);
    release?.();
    await landing;
    expect(getCurrentError()).toBe(other);
    await router.navigate('/contact');
    expect(getCurrentError()).toBeNull();
  });
});

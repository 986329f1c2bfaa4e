import { NavigationType, type RouterState, type RouterSubscriber } from 'react-router';
import {
  clearError,
  getCurrentError,
  subscribeToCurrentError,
} from '../services/errors/current-error';

/**
 * Leaves the error page when the visitor goes elsewhere (a link, the back button). The error
 * belongs to the location the router was at when it appeared; one raised during a pending
 * navigation belongs to where that navigation lands, and a redirect (a replacing navigation, such
 * as the world page sending a visitor to its gate) carries it along: the visitor has not gone
 * anywhere, and a guest whose session ended must keep seeing why (docs/product.md §6).
 *
 * Decided on the router's own state as it changes, never on what React has rendered: the router's
 * updates reach React in transitions, an error at once, so a render can pair a new error with a
 * location the router has already left (a removed guest's 401 answered while the meeting page
 * was still rendering after the gate). Returns the function that stops it.
 */
export function clearErrorOnNavigation(router: {
  state: RouterState;
  subscribe: (subscriber: RouterSubscriber) => () => void;
}): () => void {
  // The key of the location the shown error belongs to; null while it waits for a navigation to land.
  let owner: string | null = null;
  const settledKey = () =>
    router.state.navigation.state === 'idle' ? router.state.location.key : null;
  let shown = getCurrentError();
  if (shown) owner = settledKey();
  const unsubscribeErrors = subscribeToCurrentError(() => {
    const error = getCurrentError();
    if (error && error !== shown) owner = settledKey();
    shown = error;
  });
  const unsubscribeRouter = router.subscribe((state) => {
    if (!getCurrentError() || state.navigation.state !== 'idle') return;
    if (state.location.key === owner) return;
    if (owner === null || state.historyAction === NavigationType.Replace) {
      owner = state.location.key;
      return;
    }
    clearError();
  });
  return () => {
    unsubscribeErrors();
    unsubscribeRouter();
  };
}

// What the overlay reads from the loading overlay machine's snapshot.
import type { LoadingOverlaySnapshot } from './loading-overlay.machine';

export { overlayMessage } from './loading-overlay.machine';

/** The overlay covers the page (after its delay, for at least its minimum time). */
export const isOverlayShown = (snapshot: LoadingOverlaySnapshot): boolean =>
  snapshot.matches('shown');

import { assign, setup, type SnapshotFrom } from 'xstate';

// The full-page loading overlay (docs/product.md §2 and §4): shown on page start or loading start,
// hidden on page finish or loading finish.
//
// Overlapping starts: the page and every loading source are tracked separately, and the overlay
// hides only when none is left. A page finish while a save is running keeps the overlay up, and
// a finish never hides somebody else's start. Loadings are kept per source (each component that
// uses the overlay has its own) as a stack, so nested starts from one source need as many
// finishes, and a finish for a source with nothing running is ignored.

export const DEFAULT_SOURCE = 'default';

export interface Loading {
  source: string;
  message: string | null;
}

export interface LoadingOverlayContext {
  /** A page (route) is loading. Page starts do not nest: the router has one navigation at a time. */
  page: boolean;
  /** Running loadings, oldest first. */
  loadings: Loading[];
}

export type LoadingOverlayEvent =
  | { type: 'overlay.pageStart' }
  | { type: 'overlay.pageFinish' }
  | { type: 'overlay.loadingStart'; message?: string; source?: string }
  /** Ends the newest loading of `source`; `all` ends every loading of it (its component unmounted). */
  | { type: 'overlay.loadingFinish'; source?: string; all?: boolean };

export const loadingOverlayMachine = setup({
  types: {} as { context: LoadingOverlayContext; events: LoadingOverlayEvent },
  actions: {
    startPage: assign({ page: true }),
    finishPage: assign({ page: false }),
    startLoading: assign(({ context }, params: { source?: string; message?: string }) => ({
      loadings: [
        ...context.loadings,
        { source: params.source ?? DEFAULT_SOURCE, message: params.message ?? null },
      ],
    })),
    finishLoading: assign(({ context }, params: { source?: string; all?: boolean }) => {
      const source = params.source ?? DEFAULT_SOURCE;
      if (params.all)
        return { loadings: context.loadings.filter((loading) => loading.source !== source) };
      const index = context.loadings.map((loading) => loading.source).lastIndexOf(source);
      return index < 0 ? {} : { loadings: context.loadings.filter((_, i) => i !== index) };
    }),
  },
  guards: {
    nothingLoading: ({ context }) => !context.page && context.loadings.length === 0,
  },
}).createMachine({
  id: 'loadingOverlay',
  context: { page: false, loadings: [] },
  initial: 'hidden',
  states: {
    hidden: {
      on: {
        'overlay.pageStart': { target: 'shown', actions: 'startPage' },
        'overlay.loadingStart': {
          target: 'shown',
          actions: {
            type: 'startLoading',
            params: ({ event }) => ({ source: event.source, message: event.message }),
          },
        },
      },
    },
    shown: {
      always: { guard: 'nothingLoading', target: 'hidden' },
      on: {
        'overlay.pageStart': { actions: 'startPage' },
        'overlay.pageFinish': { actions: 'finishPage' },
        'overlay.loadingStart': {
          actions: {
            type: 'startLoading',
            params: ({ event }) => ({ source: event.source, message: event.message }),
          },
        },
        'overlay.loadingFinish': {
          actions: {
            type: 'finishLoading',
            params: ({ event }) => ({ source: event.source, all: event.all }),
          },
        },
      },
    },
  },
});

export type LoadingOverlaySnapshot = SnapshotFrom<typeof loadingOverlayMachine>;

/** The message under the spinner: the newest running loading's that has one. */
export function overlayMessage(snapshot: LoadingOverlaySnapshot): string | null {
  const messages = snapshot.context.loadings.flatMap((loading) =>
    loading.message === null ? [] : [loading.message],
  );
  return messages[messages.length - 1] ?? null;
}

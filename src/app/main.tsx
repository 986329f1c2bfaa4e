import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, createPath } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createBuildUpdateCheck } from '../services/build-update';
import {
  configureErrorHandling,
  installGlobalErrorHandlers,
} from '../services/errors/handle-error';
import { reporterFromEnv } from '../services/errors/sentry-reporter';
import { installPreloadErrorHandler, trackNavigationTarget } from './chunk-recovery';
import { clearErrorOnNavigation } from './clear-error-on-navigation';
import { buildRoutes } from './routes';
import './tokens.css';
import './global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Errors first, so that anything going wrong from here on is shown (and reported).
const report = reporterFromEnv(import.meta.env);
if (report) configureErrorHandling({ report });
installGlobalErrorHandlers(window);
installPreloadErrorHandler(window);

const router = createBrowserRouter(buildRoutes());
// A redirect carried by an error is a client-side navigation once the router exists.
configureErrorHandling({ redirect: (to) => void router.navigate(to) });
trackNavigationTarget(router);
// The error page gives way to the page when the visitor goes elsewhere.
clearErrorOnNavigation(router);

// A newer build is out: the next navigation loads the page from the server (docs/product.md §4).
const builds = createBuildUpdateCheck({ currentBuildId: import.meta.env.VITE_BUILD_ID });
builds.start();
let settledKey = router.state.location.key;
router.subscribe((state) => {
  if (builds.updateAvailable) {
    const pending = state.navigation.location;
    if (pending) return window.location.assign(createPath(pending));
    // A navigation without loaders settles at once: reload where it landed.
    if (state.location.key !== settledKey)
      return window.location.assign(createPath(state.location));
  }
  settledKey = state.location.key;
});

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

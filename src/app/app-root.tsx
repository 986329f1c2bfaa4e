import { Outlet, useNavigation } from 'react-router';
import { clearStoredCart } from '../services/cart-slot';
import { useCurrentError } from '../services/errors/current-error';
import { LoadingBar } from '../views/components/loading-bar';
import { UnsupportedDeviceNotice } from '../views/components/unsupported-device-notice';
import { ApiClientContext } from '../views/hooks/use-api';
import { SessionContext } from '../views/hooks/use-session';
import { apiClient, appStorage } from './api';
import { ErrorPage } from '../views/pages/error-page';
import { DocumentMeta } from './document-meta';
import { LoadingOverlay, LoadingOverlayProvider } from './loading-overlay';
import { SessionProvider, useSession } from './session';
import { useLoadingBar } from './use-loading-bar';

/**
 * The root route's element: the providers sit inside the router so that they can navigate.
 * Everything the shell shows around the page lives here: the loading bar, the overlay, the
 * document title and meta, and the error page in place of the page while an error is current
 * (src/app/main.tsx clears it when the visitor goes elsewhere: clear-error-on-navigation.ts).
 */
export function AppRoot() {
  return (
    <SessionProvider client={apiClient} storage={appStorage} clearCart={clearStoredCart}>
      <ApiClientContext.Provider value={apiClient}>
        <SessionBridge>
          <LoadingOverlayProvider>
            <Shell />
          </LoadingOverlayProvider>
        </SessionBridge>
      </ApiClientContext.Provider>
    </SessionProvider>
  );
}

/** Hands the session to the views, which may not import src/app (src/views/hooks/use-session.ts). */
function SessionBridge({ children }: { children: React.ReactNode }) {
  return <SessionContext.Provider value={useSession()}>{children}</SessionContext.Provider>;
}

function Shell() {
  const error = useCurrentError();
  const navigation = useNavigation();
  const phase = useLoadingBar(navigation.state !== 'idle');

  return (
    <>
      <LoadingBar phase={phase} />
      <DocumentMeta error={error} />
      <UnsupportedDeviceNotice />
      {error ? <ErrorPage error={error} /> : <Outlet />}
      <LoadingOverlay />
    </>
  );
}

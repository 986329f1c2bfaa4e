// React glue for the loading overlay actor (src/machines/loading-overlay.machine.ts) and the
// overlay itself: full page, a spinner, the message under it.
import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, type CSSProperties, type ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { createActor, type ActorRefFrom } from 'xstate';
import { loadingOverlayMachine } from '../machines/loading-overlay.machine';
import { isOverlayShown, overlayMessage } from '../machines/loading-overlay.selectors';
import { useScoped } from './actors/scoped';

export type LoadingOverlayActorRef = ActorRefFrom<typeof loadingOverlayMachine>;

const OverlayContext = createContext<LoadingOverlayActorRef | null>(null);

export interface LoadingOverlayProviderProps {
  /** A page is loading. Default: the router's navigation is not idle (the provider sits inside the router). */
  pageLoading?: boolean;
  children?: ReactNode;
}

/** Starts the overlay actor. Render <LoadingOverlay /> somewhere inside it. */
export function LoadingOverlayProvider({ pageLoading, children }: LoadingOverlayProviderProps) {
  const navigation = useNavigation();
  const page = pageLoading ?? navigation.state !== 'idle';
  const actor = useScoped(() => createActor(loadingOverlayMachine));
  useEffect(() => {
    actor.send({ type: page ? 'overlay.pageStart' : 'overlay.pageFinish' });
  }, [actor, page]);
  return <OverlayContext.Provider value={actor}>{children}</OverlayContext.Provider>;
}

/** The overlay actor itself (the /dev/machines page shows its state). */
export function useOverlayActor(): LoadingOverlayActorRef {
  const actor = useContext(OverlayContext);
  if (!actor)
    throw new Error('useLoadingOverlay: no <LoadingOverlayProvider> above this component');
  return actor;
}

/** The overlay while the actor says shown; nothing otherwise. */
export function LoadingOverlay() {
  const actor = useOverlayActor();
  const shown = useSelector(actor, isOverlayShown);
  const message = useSelector(actor, overlayMessage);
  return shown ? <LoadingOverlayView message={message} /> : null;
}

const DEFAULT_LOADING_LABEL = '読み込み中';

const backdrop: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1rem',
  background: 'rgba(255, 255, 255, 0.8)',
};
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** The overlay itself, for any state: spinner, then the message, or the default label for screen readers. */
export function LoadingOverlayView({ message }: { message?: string | null }) {
  return (
    <div role="status" aria-live="polite" style={backdrop}>
      {/* SMIL rotation: no stylesheet needed for the one animation. */}
      <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="20" fill="none" stroke="#e0e0e0" strokeWidth="4" />
        <path
          d="M24 4 a20 20 0 0 1 20 20"
          fill="none"
          stroke="#1e88e5"
          strokeWidth="4"
          strokeLinecap="round"
        >
          <animateTransform
            attributeName="transform"
            type="rotate"
            from="0 24 24"
            to="360 24 24"
            dur="0.8s"
            repeatCount="indefinite"
          />
        </path>
      </svg>
      {message ? (
        <p style={{ margin: 0 }}>{message}</p>
      ) : (
        <span style={visuallyHidden}>{DEFAULT_LOADING_LABEL}</span>
      )}
    </div>
  );
}

// React glue for the loading overlay actor (src/machines/loading-overlay.machine.ts) and the
// overlay itself: full page, a spinner, the message under it.
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useId, useMemo, type CSSProperties, type ReactNode } from 'react';
import { useNavigation } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import {
  loadingOverlayMachine,
  overlayMessage,
  type LoadingOverlaySnapshot,
} from '../machines/loading-overlay.machine';

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
  const actor = useActorRef(loadingOverlayMachine);
  useEffect(() => {
    actor.send({ type: page ? 'overlay.pageStart' : 'overlay.pageFinish' });
  }, [actor, page]);
  return <OverlayContext.Provider value={actor}>{children}</OverlayContext.Provider>;
}

/** The overlay actor itself (the /dev/machines page shows its state). */
export function useOverlayActor(): LoadingOverlayActorRef {
  const actor = useContext(OverlayContext);
  if (!actor) throw new Error('useLoadingOverlay: no <LoadingOverlayProvider> above this component');
  return actor;
}

export interface LoadingOverlayControls {
  /** Shows the overlay (with `message` under the spinner) until the matching finish(). */
  start: (message?: string) => void;
  finish: () => void;
}

/**
 * Each component gets its own source: its finish() never hides another's overlay, and its
 * unfinished starts end when it unmounts, so a page left mid-save cannot leave the overlay up.
 */
export function useLoadingOverlay(): LoadingOverlayControls {
  const actor = useOverlayActor();
  const source = useId();
  useEffect(() => () => actor.send({ type: 'overlay.loadingFinish', source, all: true }), [actor, source]);
  return useMemo(
    () => ({
      start: (message?: string) =>
        actor.send({ type: 'overlay.loadingStart', source, ...(message === undefined ? {} : { message }) }),
      finish: () => actor.send({ type: 'overlay.loadingFinish', source }),
    }),
    [actor, source],
  );
}

const selectShown = (snapshot: LoadingOverlaySnapshot) => snapshot.matches('shown');

/** The overlay while the actor says shown; nothing otherwise. */
export function LoadingOverlay() {
  const actor = useOverlayActor();
  const shown = useSelector(actor, selectShown);
  const message = useSelector(actor, overlayMessage);
  return shown ? <LoadingOverlayView message={message} /> : null;
}

export const DEFAULT_LOADING_LABEL = '読み込み中';

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
        <path d="M24 4 a20 20 0 0 1 20 20" fill="none" stroke="#1e88e5" strokeWidth="4" strokeLinecap="round">
          <animateTransform attributeName="transform" type="rotate" from="0 24 24" to="360 24 24" dur="0.8s" repeatCount="indefinite" />
        </path>
      </svg>
      {message ? <p style={{ margin: 0 }}>{message}</p> : <span style={visuallyHidden}>{DEFAULT_LOADING_LABEL}</span>}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMyWorld } from './use-my-world';
import { worldLoadFailure, type World } from './world-format';
import { LoadFailure } from '../load-failure';

/**
 * The frame of a page about something inside one of the caller's worlds (questionnaires, event
 * announcements): loads the world for its name, time zone and the caller's role, shows loading
 * and failure, and lets only owners and staff through, as the API's x-world-roles do.
 */
export function MyWorldScope({ worldId, heading, children }: { worldId: string; heading: string; children: (world: World) => ReactNode }) {
  const { state, reload } = useMyWorld(worldId);
  return (
    <div className="page" aria-busy={state.kind === 'loading' || undefined}>
      {state.kind === 'loaded' && (
        <p className="breadcrumb">
          <Link to={`/mypage/worlds/${worldId}`}>{state.world.name}</Link>
        </p>
      )}
      <h1>{heading}</h1>
      {state.kind === 'loading' && <p role="status">読み込み中…</p>}
      {state.kind === 'failed' && <LoadFailure {...worldLoadFailure} status={state.status} errors={state.errors} onRetry={reload} />}
      {state.kind === 'loaded' &&
        (state.world.role === 'user' ? (
          <div className="error-summary" role="alert">
            <h2 className="error-summary-title">このページを表示する権限がありません。</h2>
            <p>主催者またはスタッフだけが利用できます。</p>
          </div>
        ) : (
          children(state.world)
        ))}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailure } from '../load-failure';
import { Loading } from '../loading';
import { useMyWorld } from './use-my-world';
import { worldLoadFailure, type World } from './world-format';

/**
 * The frame of a page about something inside one of the caller's worlds (questionnaires, event
 * announcements): the world for its name, time zone and the caller's role (from the query cache
 * when the world page was just shown), loading and failure, and only owners and staff let
 * through, as the API's x-world-roles do. A page starts its own query beside this one rather
 * than inside `children`, so the two are fetched in parallel, not one after the other.
 */
export function MyWorldScope({
  worldId,
  heading,
  children,
}: {
  worldId: string;
  heading: string;
  children: (world: World) => ReactNode;
}) {
  const query = useMyWorld(worldId);
  const world = query.data;
  return (
    <div className="page" aria-busy={query.isPending || undefined}>
      {world && (
        <p className="breadcrumb">
          <Link to={`/mypage/worlds/${worldId}`}>{world.name}</Link>
        </p>
      )}
      <h1>{heading}</h1>
      {world ? (
        world.role === 'user' ? (
          <div className="error-summary" role="alert">
            <h2 className="error-summary-title">このページを表示する権限がありません。</h2>
            <p>主催者またはスタッフだけが利用できます。</p>
          </div>
        ) : (
          children(world)
        )
      ) : query.error ? (
        <LoadFailure
          {...worldLoadFailure}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Loading />
      )}
    </div>
  );
}

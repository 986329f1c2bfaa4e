import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { LoadFailure } from '../components/load-failure';
import { Loading } from '../components/loading';
import { useQueryApi } from '../hooks/use-api-query';
import { toApiError } from '../../services/errors/api-error';
import { worldUrlQueries } from '../../services/api/world-urls-queries';

/**
 * /w/:name: a world's short URL (docs/product.md, "World URL"). The name leads to the world's own
 * address; a name no world has (never set, changed since, or the world deleted) says so.
 */
export function WorldUrlPage() {
  const { name = '' } = useParams();
  const world = useQuery(worldUrlQueries.resolve(useQueryApi(), name));
  if (world.data) return <Navigate to={`/worlds/${world.data.worldId}`} replace />;
  return (
    <div className="page" aria-busy={world.isPending || undefined}>
      <h1>ワールドへ移動</h1>
      {world.error ? (
        <>
          <LoadFailure
            error={world.error}
            what="このURLのワールド"
            onRetry={() => void world.refetch()}
          />
          {toApiError(world.error).status === 404 && (
            <p>
              URL名が変更されると、前の短いURLは使えなくなります。主催者に最新のURLを確認してください。
            </p>
          )}
        </>
      ) : (
        <Loading />
      )}
    </div>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { TIME_ZONE_LABELS } from '../../domain/time-zone';
import { Notice } from '../components/form/notice';
import { Pager, rangeLabel } from '../components/pager';
import { flashOf, formatDate, roleLabels, type World } from '../components/worlds/world-format';
import { useQueryApi } from '../hooks/use-api-query';
import { QueryState } from '../components/query-state';
import { myWorldQueries } from '../../services/api/my-worlds-queries';
import { Loading } from '../components/loading';
import '../components/worlds/worlds.css';

// Below the list and with forms of its own: loaded after the list, off the page's budget (ADR 018).
const WorldGroupsSection = lazy(() =>
  import('../components/world-groups/world-groups-section').then((m) => ({
    default: m.WorldGroupsSection,
  })),
);

const PER_PAGE = 20;

/** The page number of ?page=N; anything else is the first page. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /mypage/worlds: the worlds the caller owns or staffs, a page at a time. */
export function WorldsPage() {
  const location = useLocation();
  const flash = flashOf(location.state);
  // The page lives in the URL, so the back button and a reload return to it.
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  const worlds = useQuery({
    ...myWorldQueries.list(useQueryApi(), { page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
  });

  const goTo = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {});

  return (
    <div className="page" aria-busy={worlds.isPending || undefined}>
      <div className="world-heading-row">
        <h1>ワールド一覧</h1>
        <Link className="button button-primary" to="/mypage/worlds/new">
          ワールドを作成
        </Link>
      </div>
      {flash && (
        <Notice>
          <p>{flash}</p>
        </Notice>
      )}
      <QueryState query={worlds} what="ワールド">
        {(data) =>
          data.items.length === 0 ? (
            page > 1 ? (
              <p>
                このページにはワールドがありません。<Link to="/mypage/worlds">最初のページへ</Link>
              </p>
            ) : (
              <section className="notice notice-info" aria-labelledby="worlds-empty">
                <h2 id="worlds-empty" className="notice-title">
                  まだワールドがありません
                </h2>
                <p>最初のワールドを作成して、イベントの準備を始めましょう。</p>
                <p>
                  <Link to="/mypage/worlds/new">最初のワールドを作成する</Link>
                </p>
              </section>
            )
          ) : (
            <>
              <p>{rangeLabel(page, data.perPage, data.items.length, data.total)}</p>
              <ul className="world-list" aria-label="ワールド">
                {data.items.map((world: World) => (
                  <li key={world.id} className="world-item">
                    <Link
                      className="world-item-name"
                      id={`world-name-${world.id}`}
                      to={`/mypage/worlds/${world.id}`}
                    >
                      {world.name}
                    </Link>
                    <dl className="world-item-meta">
                      <div>
                        <dt>役割</dt>
                        <dd>
                          <span className="world-role">{roleLabels[world.role]}</span>
                        </dd>
                      </div>
                      <div>
                        <dt>タイムゾーン</dt>
                        <dd>{TIME_ZONE_LABELS[world.timeZone]}</dd>
                      </div>
                      <div>
                        <dt>作成日</dt>
                        <dd>{formatDate(world.createdAt, world.timeZone)}</dd>
                      </div>
                    </dl>
                    <Link
                      className="button button-primary"
                      to={`/worlds/${world.id}/gate`}
                      aria-describedby={`world-name-${world.id}`}
                    >
                      ワールドに入る
                    </Link>
                  </li>
                ))}
              </ul>
              <Pager
                page={page}
                perPage={data.perPage}
                total={data.total}
                label="ワールド一覧のページ"
                onPage={goTo}
              />
            </>
          )
        }
      </QueryState>
      <Suspense fallback={<Loading />}>
        <WorldGroupsSection />
      </Suspense>
    </div>
  );
}

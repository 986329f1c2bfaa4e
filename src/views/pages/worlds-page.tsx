import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { TIME_ZONE_LABELS } from '../../domain/time-zone';
import { Notice } from '../components/form/notice';
import { Pager, rangeLabel } from '../components/pager';
import { flashOf, formatDate, roleLabels, type World } from '../components/worlds/world-format';
import { request, useApi } from '../hooks/use-api';
import '../components/worlds/worlds.css';

const PER_PAGE = 20;

type WorldPage = { items: World[]; page: number; perPage: number; total: number };
type Loaded = { kind: 'loading' } | { kind: 'loaded'; data: WorldPage } | { kind: 'failed'; errors: string[] };

/** The page number of ?page=N; anything else is the first page. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /mypage/worlds: the worlds the caller owns or staffs, a page at a time. */
export function WorldsPage() {
  const api = useApi();
  const location = useLocation();
  const flash = flashOf(location.state);
  // The page lives in the URL, so the back button and a reload return to it.
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    void request(() => api.GET('/api/mypage/worlds', { params: { query: { page, perPage: PER_PAGE } } })).then(
      (outcome) => {
        if (!live) return;
        setState(outcome.ok ? { kind: 'loaded', data: outcome.data } : { kind: 'failed', errors: outcome.errors });
      },
    );
    return () => {
      live = false;
    };
  }, [api, page, attempt]);

  const goTo = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {});

  return (
    <div className="page" aria-busy={state.kind === 'loading' || undefined}>
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
      {state.kind === 'loading' && <p role="status">読み込み中…</p>}
      {state.kind === 'failed' && (
        <div className="error-summary" role="alert">
          <p>ワールドを読み込めませんでした。{state.errors.join(' ')}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            もう一度読み込む
          </button>
        </div>
      )}
      {state.kind === 'loaded' &&
        (state.data.items.length === 0 ? (
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
            <p>{rangeLabel(page, state.data.perPage, state.data.items.length, state.data.total)}</p>
            <ul className="world-list" aria-label="ワールド">
              {state.data.items.map((world) => (
                <li key={world.id} className="world-item">
                  <Link className="world-item-name" to={`/mypage/worlds/${world.id}`}>
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
                </li>
              ))}
            </ul>
            <Pager page={page} perPage={state.data.perPage} total={state.data.total} label="ワールド一覧のページ" onPage={goTo} />
          </>
        ))}
    </div>
  );
}

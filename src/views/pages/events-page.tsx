import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { eventStatusLabels, eventStatusOf, formatSchedule } from '../components/events/event-format';
import { Notice } from '../components/form/notice';
import { LoadFailure } from '../components/load-failure';
import { Pager, pageOf } from '../components/pager';
import { MyWorldScope } from '../components/worlds/my-world-scope';
import { flashOf, type World } from '../components/worlds/world-format';
import { useApiData } from '../hooks/use-api-data';
import '../components/questionnaires/questionnaires.css';
import '../components/worlds/worlds.css';

const PER_PAGE = 20;

/** /mypage/worlds/:id/events: the world's event announcements, a page at a time. */
export function EventsPage() {
  const { id = '' } = useParams();
  return (
    <MyWorldScope worldId={id} heading="イベントのお知らせ">
      {(world) => <EventList world={world} />}
    </MyWorldScope>
  );
}

function EventList({ world }: { world: World }) {
  const flash = flashOf(useLocation().state);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  const { state, reload } = useApiData(
    (client) =>
      client.GET('/api/mypage/worlds/{world_id}/event_announcements', {
        params: { path: { world_id: world.id }, query: { page, perPage: PER_PAGE } },
      }),
    [world.id, page],
  );
  const goTo = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {});

  return (
    <>
      {flash && (
        <Notice>
          <p>{flash}</p>
        </Notice>
      )}
      <p>
        <Link className="button button-primary" to={`/mypage/worlds/${world.id}/events/new`}>
          お知らせを作成
        </Link>
      </p>
      {state.kind === 'loading' && <p role="status">読み込み中…</p>}
      {state.kind === 'failed' && <LoadFailure what="イベントのお知らせ" status={state.status} errors={state.errors} onRetry={reload} />}
      {state.kind === 'loaded' &&
        (state.data.items.length === 0 ? (
          page > 1 ? (
            <p>
              このページにはお知らせがありません。<Link to={`/mypage/worlds/${world.id}/events`}>最初のページへ</Link>
            </p>
          ) : (
            <div className="notice notice-info">
              <p className="notice-title">まだイベントのお知らせがありません</p>
              <p>お知らせを作成して公開すると、公開ページのURLから誰でも内容を見て、メールで参加登録できます。</p>
            </div>
          )
        ) : (
          <>
            <ul className="content-list" aria-label="イベントのお知らせ">
              {state.data.items.map((event) => {
                const status = eventStatusOf(event);
                return (
                  <li key={event.id} className="content-item">
                    <Link className="content-item-title" to={`/mypage/worlds/${world.id}/events/${event.id}`}>
                      {event.title}
                    </Link>
                    <p className="content-item-meta">
                      <span className={`status-badge status-badge-${status}`}>{eventStatusLabels[status]}</span>
                      <span>{formatSchedule(event, world.timeZone)}</span>
                      <span>
                        登録 {event.registeredCount} / {event.capacity}人
                      </span>
                    </p>
                  </li>
                );
              })}
            </ul>
            <Pager label="お知らせ一覧のページ" page={page} perPage={state.data.perPage} total={state.data.total} onPage={goTo} />
          </>
        ))}
      <p>
        <Link to={`/mypage/worlds/${world.id}`}>ワールドに戻る</Link>
      </p>
    </>
  );
}

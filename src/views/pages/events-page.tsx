import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import {
  eventStatusLabels,
  eventStatusOf,
  formatSchedule,
} from '../components/events/event-format';
import { Notice } from '../components/form/notice';
import { Pager, pageOf } from '../components/pager';
import { QueryState, type QueryLike } from '../components/query-state';
import { MyWorldScope } from '../components/worlds/my-world-scope';
import { flashOf, type World } from '../components/worlds/world-format';
import { useQueryApi } from '../hooks/use-api-query';
import { eventQueries, type EventListPage } from '../../services/api/events-queries';
import '../components/questionnaires/questionnaires.css';
import '../components/worlds/worlds.css';

const PER_PAGE = 20;

/** /mypage/worlds/:id/events: the world's event announcements, a page at a time. */
export function EventsPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  // Asked for beside the world, not after it (MyWorldScope).
  const events = useQuery({
    ...eventQueries.list(useQueryApi(), id, { page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  return (
    <MyWorldScope worldId={id} heading="イベントのお知らせ">
      {(world) => <EventList world={world} page={page} events={events} />}
    </MyWorldScope>
  );
}

type EventPage = EventListPage;

function EventList({
  world,
  page,
  events,
}: {
  world: World;
  page: number;
  events: QueryLike<EventPage>;
}) {
  const flash = flashOf(useLocation().state);
  const [, setSearchParams] = useSearchParams();
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
        </Link>{' '}
        <Link className="button" to={`/worlds/${world.id}/events`}>
          公開中のイベント一覧を見る
        </Link>
      </p>
      <QueryState query={events} what="イベントのお知らせ">
        {(data) =>
          data.items.length === 0 ? (
            page > 1 ? (
              <p>
                このページにはお知らせがありません。
                <Link to={`/mypage/worlds/${world.id}/events`}>最初のページへ</Link>
              </p>
            ) : (
              <div className="notice notice-info">
                <p className="notice-title">まだイベントのお知らせがありません</p>
                <p>
                  お知らせを作成して公開すると、公開ページのURLから誰でも内容を見て、メールで参加登録できます。
                </p>
              </div>
            )
          ) : (
            <>
              <ul className="content-list" aria-label="イベントのお知らせ">
                {data.items.map((event) => {
                  const status = eventStatusOf(event);
                  return (
                    <li key={event.id} className="content-item">
                      <Link
                        className="content-item-title"
                        to={`/mypage/worlds/${world.id}/events/${event.id}`}
                      >
                        {event.title}
                      </Link>
                      <p className="content-item-meta">
                        <span className={`status-badge status-badge-${status}`}>
                          {eventStatusLabels[status]}
                        </span>
                        <span>{formatSchedule(event, world.timeZone)}</span>
                        <span>
                          登録 {event.registeredCount} / {event.capacity}人
                        </span>
                      </p>
                    </li>
                  );
                })}
              </ul>
              <Pager
                label="お知らせ一覧のページ"
                page={page}
                perPage={data.perPage}
                total={data.total}
                onPage={goTo}
              />
            </>
          )
        }
      </QueryState>
      <p>
        <Link to={`/mypage/worlds/${world.id}`}>ワールドに戻る</Link>
      </p>
    </>
  );
}

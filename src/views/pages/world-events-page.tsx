import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zone';
import { formatSchedule, zoneNote } from '../components/events/event-format';
import { PagedListState } from '../components/query-state';
import { useQueryApi } from '../hooks/use-api-query';
import { eventQueries } from '../../services/api/events-queries';
import { worldQueries } from '../../services/api/worlds-queries';
import '../components/events/world-events.css';

const PER_PAGE = 20;

/** The page number of ?page=N; anything else is the first page. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /worlds/:worldId/events: a world's published events that have not ended, by start, for anyone
 * (docs/product.md, "Public event list"); each leads to its own page and registration.
 */
export function WorldEventsPage() {
  const { worldId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  const queryApi = useQueryApi();
  const events = useQuery({
    ...eventQueries.publicList(queryApi, { worldId, page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  // The world's name and time zone come from its public outline.
  const outline = useQuery(worldQueries.publicOutline(queryApi, worldId));
  const worldName = outline.data?.name ?? events.data?.items[0]?.worldName;
  const zone = outline.data?.timeZone ?? DEFAULT_TIME_ZONE;

  return (
    <div className="page" aria-busy={events.isPending || undefined}>
      <h1>{worldName ? `${worldName} のイベント` : 'イベント一覧'}</h1>
      <PagedListState
        query={events}
        what="イベント"
        empty="これから開催される公開中のイベントはありません。"
        pagerLabel="イベント一覧のページ"
        onPage={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})}
      >
        {(data) => (
          <ul className="world-events-list" aria-label="公開中のイベント">
            {data.items.map((event) => (
              <li key={event.id} className="world-events-item">
                <Link className="world-events-title" to={`/events/${event.id}`}>
                  {event.title}
                </Link>
                <p>
                  {formatSchedule(event, zone)}（{zoneNote(zone)}）
                </p>
                <p>
                  {event.venue && `${event.venue}　`}
                  {event.registrationOpen
                    ? `受付中（残り${event.remainingSeats}席）`
                    : '受付は終了しました'}
                </p>
              </li>
            ))}
          </ul>
        )}
      </PagedListState>
    </div>
  );
}

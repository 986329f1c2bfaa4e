import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zone';
import {
  formatSchedule,
  zoneNote,
  type PublicEventAnnouncement,
} from '../components/events/event-format';
import { EventRegistrationForm } from '../components/events/event-registration-form';
import {
  RegistrationConfirmation,
  useRegistrationConfirmation,
} from '../components/events/registration-confirmation';
import { useQueryApi } from '../hooks/use-api-query';
import { toApiError } from '../../services/errors/api-error';
import { Loading } from '../components/loading';
import { eventQueries } from '../../services/api/events-queries';
import { worldQueries } from '../../services/api/worlds-queries';
import '../components/questionnaires/questionnaires.css';

/**
 * /events/:id: a published announcement for anyone, with registration by e-mail. The mailed
 * link comes back here with ?token=…, which confirms the registration. Signed out is normal
 * here: a 401 never sends this page to sign-in (docs/product.md §8).
 */
export function PublicEventPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // Read once: the token leaves the address bar after use, so a reload does not spend it again.
  const [token] = useState(() => searchParams.get('token'));
  const confirmation = useRegistrationConfirmation(id, token);
  const confirming = token !== null && confirmation.isPending;
  // A confirmed registration takes a seat: the announcement is read once it is confirmed.
  const query = useQuery({
    ...eventQueries.published(useQueryApi(), id),
    enabled: !confirming,
    ...(token === null ? {} : { staleTime: 0 }),
  });
  useEffect(() => {
    if (token !== null && !confirming) void navigate(`/events/${id}`, { replace: true });
  }, [token, confirming, navigate, id]);
  const failure = query.data === undefined && query.error ? toApiError(query.error) : null;

  return (
    <div className="page public-event" aria-busy={query.isPending || undefined}>
      {query.isPending && <Loading />}
      {failure &&
        (failure.status === 404 ? (
          <div className="error-summary" role="alert">
            <h1 className="error-summary-title">イベントが見つかりません</h1>
            <p>公開が終了したか、URLが間違っている可能性があります。</p>
          </div>
        ) : (
          <div className="error-summary" role="alert">
            <h1 className="error-summary-title">イベントを読み込めませんでした</h1>
            {failure.messages.map((message) => (
              <p key={message}>{message}</p>
            ))}
            <button type="button" className="button" onClick={() => void query.refetch()}>
              もう一度読み込む
            </button>
          </div>
        ))}
      {query.data && (
        <PublicEvent event={query.data} confirmation={token === null ? null : confirmation} />
      )}
    </div>
  );
}

function PublicEvent({
  event,
  confirmation,
}: {
  event: PublicEventAnnouncement;
  /** The confirmation of the mailed link's token; null without one. */
  confirmation: ReturnType<typeof useRegistrationConfirmation> | null;
}) {
  // The announcement has no time zone of its own; the world's public outline has it.
  const outline = useQuery(worldQueries.publicOutline(useQueryApi(), event.worldId));
  const zone = outline.data?.timeZone ?? DEFAULT_TIME_ZONE;

  const full = event.remainingSeats === 0;
  return (
    <article aria-labelledby="event-title">
      <p className="breadcrumb">
        <Link to={`/worlds/${event.worldId}/events`}>{event.worldName} のイベント一覧</Link>
      </p>
      <h1 id="event-title">{event.title}</h1>
      {event.coverImageUrl && <img className="event-cover" src={event.coverImageUrl} alt="" />}
      <dl className="definition-list">
        <dt>日時</dt>
        <dd>{outline.isPending ? '…' : `${formatSchedule(event, zone)}（${zoneNote(zone)}）`}</dd>
        {event.venue && (
          <>
            <dt>会場</dt>
            <dd>{event.venue}</dd>
          </>
        )}
        <dt>定員</dt>
        <dd>
          {event.capacity}人（残り{event.remainingSeats}席）
        </dd>
      </dl>
      {event.body && <div className="event-body">{event.body}</div>}
      <section aria-labelledby="event-registration">
        <h2 id="event-registration">参加登録</h2>
        {confirmation && <RegistrationConfirmation confirmation={confirmation} />}
        {!confirmation?.data &&
          (!event.registrationOpen ? (
            <p className="notice notice-info">このイベントは現在、参加登録を受け付けていません。</p>
          ) : full ? (
            <p className="notice notice-info">定員に達したため、参加登録を締め切りました。</p>
          ) : (
            <>
              <p>
                お名前とメールアドレスを入力してください。確認のメールに記載されたリンクを開くと、参加登録が完了します。
              </p>
              <EventRegistrationForm eventId={event.id} />
            </>
          ))}
      </section>
    </article>
  );
}

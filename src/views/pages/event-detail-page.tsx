import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { DangerZone } from '../components/confirm-action';
import {
  eventStatusLabels,
  eventStatusOf,
  formatSchedule,
  publicEventUrl,
  zoneNote,
  type EventAnnouncement,
} from '../components/events/event-format';
import { PublicUrl } from '../components/events/public-url';
import { ErrorSummary } from '../components/form/error-summary';
import { ChangeNotice } from '../components/form/notice';
import { QueryState } from '../components/query-state';
import { MyWorldScope } from '../components/worlds/my-world-scope';
import {
  flashOf,
  operationErrors,
  type FlashState,
  type World,
} from '../components/worlds/world-format';
import { useAction } from '../hooks/use-action';
import { request, useApi } from '../hooks/use-api';
import { useQueryApi } from '../hooks/use-api-query';
import { eventMutations, eventQueries, invalidateEvents } from '../../services/api/events-queries';
import '../components/questionnaires/questionnaires.css';
import '../components/worlds/worlds.css';

/** /mypage/worlds/:id/events/:eventId: one announcement, publishing it, its public URL. */
export function EventDetailPage() {
  const { id = '', eventId = '' } = useParams();
  // Asked for beside the world, not after it (MyWorldScope).
  const options = eventQueries.show(useQueryApi(), id, eventId);
  const query = useQuery(options);
  const queryClient = useQueryClient();
  // A change answers with the whole announcement: shown as it is; the list goes stale.
  const replace = (data: EventAnnouncement) => {
    queryClient.setQueryData(options.queryKey, data);
    void invalidateEvents(queryClient, id);
  };
  return (
    <MyWorldScope worldId={id} heading="イベントのお知らせ">
      {(world) => (
        <QueryState
          query={query}
          what="イベントのお知らせ"
          back={{ to: `/mypage/worlds/${id}/events`, label: 'お知らせ一覧に戻る' }}
        >
          {(event) => <EventDetail world={world} event={event} replace={replace} />}
        </QueryState>
      )}
    </MyWorldScope>
  );
}

function EventDetail({
  world,
  event,
  replace,
}: {
  world: World;
  event: EventAnnouncement;
  replace: (data: EventAnnouncement) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const flash = flashOf(useLocation().state);
  const [done, setDone] = useState('');
  const listUrl = `/mypage/worlds/${world.id}/events`;
  const status = eventStatusOf(event);

  const setPublishedAt = async (publishedAt: string | null) => {
    const outcome = await request(() =>
      eventMutations.update(api, world.id, event.id, { publishedAt }),
    );
    if (!outcome.ok) return operationErrors(outcome);
    replace(outcome.data);
    setDone(
      publishedAt
        ? '公開しました。公開ページのURLを共有してください。'
        : '非公開にしました。公開ページは見られなくなりました。',
    );
  };

  const remove = async () => {
    const outcome = await request(() => eventMutations.remove(api, world.id, event.id));
    if (!outcome.ok) return operationErrors(outcome);
    void invalidateEvents(queryClient, world.id);
    const next: FlashState = { flash: `「${event.title}」を削除しました。` };
    await navigate(listUrl, { state: next, replace: true });
  };

  return (
    <>
      <ChangeNotice flash={flash} done={done} />
      <h2>{event.title}</h2>
      <dl className="definition-list">
        <dt>状態</dt>
        <dd>
          <span className={`status-badge status-badge-${status}`}>{eventStatusLabels[status]}</span>
        </dd>
        <dt>日時</dt>
        <dd>
          {formatSchedule(event, world.timeZone)}（{zoneNote(world.timeZone)}）
        </dd>
        <dt>会場</dt>
        <dd>{event.venue || '（未設定）'}</dd>
        <dt>参加登録</dt>
        <dd>
          {event.registrationOpen ? '受付中' : '受け付けていません'}（{event.registeredCount} /{' '}
          {event.capacity}人）
        </dd>
        <dt>内容</dt>
        <dd className="event-body">{event.body || '（なし）'}</dd>
      </dl>
      <p>
        <Link className="button" to={`${listUrl}/${event.id}/edit`}>
          内容を編集
        </Link>
      </p>
      <section aria-labelledby="event-publish">
        <h2 id="event-publish">公開</h2>
        <PublishControls event={event} onPublish={setPublishedAt} />
        <PublicUrl url={publicEventUrl(event.id)} published={status === 'published'} />
      </section>
      <DangerZone
        id="event-delete"
        heading="お知らせの削除"
        note="削除したお知らせは元に戻せません。公開ページも見られなくなります。"
        triggerLabel="お知らせを削除"
        question={`「${event.title}」を削除しますか？`}
        confirmLabel="削除する"
        busyLabel="削除しています…"
        failureTitle="お知らせを削除できませんでした。"
        onConfirm={remove}
      />
      <p>
        <Link to={listUrl}>お知らせ一覧に戻る</Link>
      </p>
    </>
  );
}

function PublishControls({
  event,
  onPublish,
}: {
  event: EventAnnouncement;
  onPublish(publishedAt: string | null): Promise<string[] | void>;
}) {
  const { busy, errors, failures, run } = useAction();
  const published = event.publishedAt !== null;
  const toggle = () => run(() => onPublish(published ? null : new Date().toISOString()));

  return (
    <div>
      <ErrorSummary
        messages={errors}
        focusKey={failures}
        title="公開状態を変更できませんでした。"
      />
      <button
        type="button"
        className={`button ${published ? '' : 'button-primary'}`}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void toggle()}
      >
        {busy ? '変更しています…' : published ? '非公開にする' : '公開する'}
      </button>
    </div>
  );
}

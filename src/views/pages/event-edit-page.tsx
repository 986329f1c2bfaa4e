import { Link, useNavigate, useParams } from 'react-router';
import { EventForm } from '../components/events/event-form';
import { LoadFailure } from '../components/load-failure';
import { MyWorldScope } from '../components/worlds/my-world-scope';
import { operationErrors, type FlashState, type World } from '../components/worlds/world-format';
import { request, useApi } from '../hooks/use-api';
import { useApiData } from '../hooks/use-api-data';
import '../components/questionnaires/questionnaires.css';

/** /mypage/worlds/:id/events/:eventId/edit: an announcement's contents. */
export function EventEditPage() {
  const { id = '', eventId = '' } = useParams();
  return (
    <MyWorldScope worldId={id} heading="イベントのお知らせの編集">
      {(world) => <EditEvent world={world} eventId={eventId} />}
    </MyWorldScope>
  );
}

function EditEvent({ world, eventId }: { world: World; eventId: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const path = { world_id: world.id, id: eventId };
  const detailUrl = `/mypage/worlds/${world.id}/events/${eventId}`;
  const { state, reload } = useApiData(
    (client) => client.GET('/api/mypage/worlds/{world_id}/event_announcements/{id}', { params: { path } }),
    [world.id, eventId],
  );

  if (state.kind === 'loading') return <p role="status">読み込み中…</p>;
  if (state.kind === 'failed')
    return (
      <LoadFailure
        what="イベントのお知らせ"
        status={state.status}
        errors={state.errors}
        onRetry={reload}
        back={{ to: `/mypage/worlds/${world.id}/events`, label: 'お知らせ一覧に戻る' }}
      />
    );

  return (
    <>
      <EventForm
        zone={world.timeZone}
        event={state.data}
        submitLabel="変更を保存する"
        failureTitle="お知らせを保存できませんでした。"
        onSubmit={async (body) => {
          const outcome = await request(() => api.PATCH('/api/mypage/worlds/{world_id}/event_announcements/{id}', { params: { path }, body }));
          if (!outcome.ok) return { errors: operationErrors(outcome) };
          const next: FlashState = { flash: 'お知らせを保存しました。' };
          await navigate(detailUrl, { state: next });
        }}
      />
      <p>
        <Link to={detailUrl}>お知らせに戻る</Link>
      </p>
    </>
  );
}

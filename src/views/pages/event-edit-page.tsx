import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { EventForm } from '../components/events/event-form';
import { QueryState } from '../components/query-state';
import { MyWorldScope } from '../components/worlds/my-world-scope';
import { operationErrors, type FlashState, type World } from '../components/worlds/world-format';
import { request, useApi } from '../hooks/use-api';
import { useQueryApi } from '../hooks/use-api-query';
import type { EventAnnouncement } from '../components/events/event-format';
import {
  eventMutations,
  eventQueries,
  invalidateEvent,
  invalidateEvents,
} from '../../services/api/events-queries';
import '../components/questionnaires/questionnaires.css';

/** /mypage/worlds/:id/events/:eventId/edit: an announcement's contents. */
export function EventEditPage() {
  const { id = '', eventId = '' } = useParams();
  // Asked for beside the world, not after it (MyWorldScope).
  const event = useQuery(eventQueries.show(useQueryApi(), id, eventId));
  return (
    <MyWorldScope worldId={id} heading="イベントのお知らせの編集">
      {(world) => (
        <QueryState
          query={event}
          what="イベントのお知らせ"
          back={{ to: `/mypage/worlds/${id}/events`, label: 'お知らせ一覧に戻る' }}
        >
          {(data) => <EditEvent world={world} event={data} />}
        </QueryState>
      )}
    </MyWorldScope>
  );
}

function EditEvent({ world, event }: { world: World; event: EventAnnouncement }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const detailUrl = `/mypage/worlds/${world.id}/events/${event.id}`;

  return (
    <>
      <EventForm
        zone={world.timeZone}
        event={event}
        submitLabel="変更を保存する"
        failureTitle="お知らせを保存できませんでした。"
        onSubmit={async (body) => {
          const outcome = await request(() => eventMutations.update(api, world.id, event.id, body));
          if (!outcome.ok) return { errors: operationErrors(outcome) };
          // The announcement and the list's entry of it.
          void invalidateEvent(queryClient, world.id, event.id);
          void invalidateEvents(queryClient, world.id);
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

import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { EventForm } from '../components/events/event-form';
import { MyWorldScope } from '../components/worlds/my-world-scope';
import { operationErrors, type FlashState } from '../components/worlds/world-format';
import { request, useApi } from '../hooks/use-api';
import { eventMutations, invalidateEvents } from '../../services/api/events-queries';
import '../components/questionnaires/questionnaires.css';

/** /mypage/worlds/:id/events/new: a new announcement, saved as a draft. */
export function EventNewPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <MyWorldScope worldId={id} heading="イベントのお知らせの作成">
      {(world) => (
        <>
          <p>作成したお知らせは下書きとして保存されます。内容を確認してから公開してください。</p>
          <EventForm
            zone={world.timeZone}
            submitLabel="下書きとして保存する"
            failureTitle="お知らせを作成できませんでした。"
            onSubmit={async (body) => {
              const outcome = await request(() =>
                eventMutations.create(api, world.id, { ...body, publishedAt: null }),
              );
              if (!outcome.ok) return { errors: operationErrors(outcome) };
              void invalidateEvents(queryClient, world.id);
              const state: FlashState = {
                flash: `「${outcome.data.title}」を下書きとして保存しました。`,
              };
              await navigate(`/mypage/worlds/${world.id}/events/${outcome.data.id}`, { state });
            }}
          />
          <p>
            <Link to={`/mypage/worlds/${world.id}/events`}>お知らせ一覧に戻る</Link>
          </p>
        </>
      )}
    </MyWorldScope>
  );
}

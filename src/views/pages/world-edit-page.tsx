import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { worldForm } from '../../domain/forms/world-form';
import { DangerZone } from '../components/confirm-action';
import { FormErrorSummary } from '../components/form/error-summary';
import { FormPage } from '../components/form/form-page';
import { SubmitButton } from '../components/form/submit-button';
import { useMyWorld } from '../components/worlds/use-my-world';
import { worldFieldLabels, WorldFields } from '../components/worlds/world-fields';
import {
  operationErrors,
  worldLoadFailure,
  type FlashState,
  type World,
} from '../components/worlds/world-format';
import { LoadFailure } from '../components/load-failure';
import { Loading } from '../components/loading';
import { request, useApi } from '../hooks/use-api';
import { useForm } from '../hooks/use-form';
import {
  invalidateMyWorld,
  invalidateMyWorlds,
  myWorldMutations,
} from '../../services/api/my-worlds-queries';
import '../components/worlds/worlds.css';

// A form of its own under the world's: loaded after it, off the page's budget (ADR 018).
const WorldUrlSection = lazy(() =>
  import('../components/world-urls/world-url-section').then((m) => ({
    default: m.WorldUrlSection,
  })),
);

/** /mypage/worlds/:id/edit: the world's name, description, time zone and URL, and deleting it. */
export function WorldEditPage() {
  const { id = '' } = useParams();
  const query = useMyWorld(id);
  const world = query.data;

  return (
    <FormPage heading="ワールドの編集">
      {!world && query.isPending && <Loading />}
      {!world && query.error && (
        <LoadFailure
          {...worldLoadFailure}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {world && world.role !== 'owner' && (
        <div className="error-summary" role="alert">
          <h2 className="error-summary-title">このワールドを編集する権限がありません。</h2>
          <p>ワールドの編集と削除は、主催者だけが行えます。</p>
        </div>
      )}
      {world && world.role === 'owner' && (
        <>
          {/* The form starts from the loaded world, so it mounts only once that is here. */}
          <EditForm key={world.id} world={world} />
          <Suspense fallback={<Loading />}>
            <WorldUrlSection key={`url-${world.id}`} worldId={world.id} />
          </Suspense>
          <DeleteWorld world={world} />
        </>
      )}
      {world && (
        <p>
          <Link to={`/mypage/worlds/${id}`}>ワールドに戻る</Link>
        </p>
      )}
    </FormPage>
  );
}

function EditForm({ world }: { world: World }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm(worldForm, {
    name: world.name,
    description: world.description,
    timeZone: world.timeZone,
  });

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() => myWorldMutations.update(api, world.id, body));
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    // The world and its entry in the list of worlds (name, time zone).
    void invalidateMyWorld(queryClient, world.id);
    void invalidateMyWorlds(queryClient);
    const state: FlashState = { flash: 'ワールドを保存しました。' };
    await navigate(`/mypage/worlds/${world.id}`, { state });
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="ワールドの編集">
      <FormErrorSummary
        form={form}
        labels={worldFieldLabels}
        title="ワールドを保存できませんでした。"
      />
      <WorldFields field={form.field} />
      <SubmitButton submitting={form.submitting} busyLabel="保存しています…">
        変更を保存する
      </SubmitButton>
    </form>
  );
}

function DeleteWorld({ world }: { world: World }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const remove = async () => {
    const outcome = await request(() => myWorldMutations.remove(api, world.id));
    // 422 (e.g. paid dates still to come) carries the server's own words; they are shown as sent.
    if (!outcome.ok) return operationErrors(outcome);
    void invalidateMyWorlds(queryClient);
    const state: FlashState = { flash: `「${world.name}」を削除しました。` };
    await navigate('/mypage/worlds', { state, replace: true });
  };

  return (
    <DangerZone
      id="world-danger-zone"
      heading="ワールドの削除"
      note="削除したワールドは元に戻せません。予約済みでまだ終わっていない日程があるワールドは削除できません。"
      triggerLabel="ワールドを削除"
      question={`「${world.name}」を削除しますか？`}
      confirmLabel="削除する"
      busyLabel="削除しています…"
      failureTitle="ワールドを削除できませんでした。"
      onConfirm={remove}
    />
  );
}

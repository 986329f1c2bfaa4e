import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { worldForm } from '../../domain/forms/world-form';
import { ErrorSummary } from '../components/form/error-summary';
import { FormPage } from '../components/form/form-page';
import { SubmitButton } from '../components/form/submit-button';
import { useMyWorld } from '../components/worlds/use-my-world';
import { worldFieldLabels, WorldFields } from '../components/worlds/world-fields';
import { operationErrors, type FlashState, type World } from '../components/worlds/world-format';
import { WorldLoadFailure } from '../components/worlds/world-load-failure';
import { request, useApi } from '../hooks/use-api';
import { useForm } from '../hooks/use-form';
import '../components/worlds/worlds.css';

/** /mypage/worlds/:id/edit: the world's name, description and time zone, and deleting it. */
export function WorldEditPage() {
  const { id = '' } = useParams();
  const { state, reload } = useMyWorld(id);

  return (
    <FormPage heading="ワールドの編集">
      {state.kind === 'loading' && <p role="status">読み込み中…</p>}
      {state.kind === 'failed' && <WorldLoadFailure state={state} onRetry={reload} />}
      {state.kind === 'loaded' && state.world.role !== 'owner' && (
        <div className="error-summary" role="alert">
          <h2 className="error-summary-title">このワールドを編集する権限がありません。</h2>
          <p>ワールドの編集と削除は、主催者だけが行えます。</p>
        </div>
      )}
      {state.kind === 'loaded' && state.world.role === 'owner' && (
        <>
          {/* The form starts from the loaded world, so it mounts only once that is here. */}
          <EditForm key={state.world.id} world={state.world} />
          <DangerZone world={state.world} />
        </>
      )}
      {state.kind === 'loaded' && (
        <p>
          <Link to={`/mypage/worlds/${id}`}>ワールドに戻る</Link>
        </p>
      )}
    </FormPage>
  );
}

function EditForm({ world }: { world: World }) {
  const api = useApi();
  const navigate = useNavigate();
  const form = useForm(worldForm, { name: world.name, description: world.description, timeZone: world.timeZone });

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() =>
      api.PATCH('/api/mypage/worlds/{id}', { params: { path: { id: world.id } }, body }),
    );
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    const state: FlashState = { flash: 'ワールドを保存しました。' };
    await navigate(`/mypage/worlds/${world.id}`, { state });
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="ワールドの編集">
      <ErrorSummary
        fieldErrors={form.summaryErrors}
        labels={worldFieldLabels}
        idOf={form.idOf}
        messages={form.formErrors}
        focusKey={form.failures}
        title="ワールドを保存できませんでした。"
      />
      <WorldFields field={form.field} />
      <SubmitButton submitting={form.submitting} busyLabel="保存しています…">
        変更を保存する
      </SubmitButton>
    </form>
  );
}

function DangerZone({ world }: { world: World }) {
  const api = useApi();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [failures, setFailures] = useState(0);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    setConfirming(false);
    // The question goes away with the focused button in it; focus goes back where it came from.
    requestAnimationFrame(() => trigger.current?.focus());
  };

  const remove = async () => {
    setDeleting(true);
    setErrors([]);
    const outcome = await request(() => api.DELETE('/api/mypage/worlds/{id}', { params: { path: { id: world.id } } }));
    setDeleting(false);
    if (!outcome.ok) {
      // 422 (e.g. paid dates still to come) carries the server's own words; they are shown as sent.
      setErrors(operationErrors(outcome));
      setFailures((n) => n + 1);
      setConfirming(false);
      return;
    }
    const state: FlashState = { flash: `「${world.name}」を削除しました。` };
    await navigate('/mypage/worlds', { state, replace: true });
  };

  return (
    <section className="danger-zone" aria-labelledby="world-danger-zone">
      <h2 id="world-danger-zone">ワールドの削除</h2>
      <p>削除したワールドは元に戻せません。予約済みでまだ終わっていない日程があるワールドは削除できません。</p>
      <ErrorSummary messages={errors} focusKey={failures} title="ワールドを削除できませんでした。" />
      {confirming ? (
        <div role="group" aria-labelledby="world-delete-question">
          <p id="world-delete-question">
            <strong>「{world.name}」を削除しますか？</strong>
          </p>
          <div className="button-row">
            <button type="button" className="button button-danger" disabled={deleting} aria-busy={deleting || undefined} onClick={() => void remove()}>
              {deleting ? '削除しています…' : '削除する'}
            </button>
            <ConfirmCancel disabled={deleting} onCancel={cancel} />
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button-danger"
          ref={trigger}
          onClick={() => {
            setErrors([]);
            setConfirming(true);
          }}
        >
          ワールドを削除
        </button>
      )}
    </section>
  );
}

/** やめる takes focus when the question opens, so a habitual Enter does not delete. */
function ConfirmCancel({ disabled, onCancel }: { disabled: boolean; onCancel: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <button type="button" className="button" disabled={disabled} onClick={onCancel} ref={ref}>
      やめる
    </button>
  );
}

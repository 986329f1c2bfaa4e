import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { worldForm } from '../../domain/forms/world-form';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zone';
import { FormErrorSummary } from '../components/form/error-summary';
import { FormPage } from '../components/form/form-page';
import { SubmitButton } from '../components/form/submit-button';
import { worldFieldLabels, WorldFields } from '../components/worlds/world-fields';
import type { FlashState } from '../components/worlds/world-format';
import { request, useApi } from '../hooks/use-api';
import { useForm } from '../hooks/use-form';
import { invalidateMyWorlds, myWorldMutations } from '../../services/api/my-worlds-queries';
import '../components/worlds/worlds.css';

/** /mypage/worlds/new: a new world, of which the caller becomes the owner. */
export function WorldNewPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm(worldForm, { name: '', description: '', timeZone: DEFAULT_TIME_ZONE });

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() => myWorldMutations.create(api, body));
    if (outcome.ok) void invalidateMyWorlds(queryClient);
    if (!outcome.ok) return { errors: outcome.errors };
    const state: FlashState = { flash: 'ワールドを作成しました。' };
    await navigate(`/mypage/worlds/${outcome.data.id}`, { state });
  });

  return (
    <FormPage heading="ワールドの作成">
      <form className="form" noValidate onSubmit={onSubmit} aria-label="ワールドの作成">
        <FormErrorSummary
          form={form}
          labels={worldFieldLabels}
          title="ワールドを作成できませんでした。"
        />
        <WorldFields field={form.field} />
        <SubmitButton submitting={form.submitting} busyLabel="作成しています…">
          ワールドを作成する
        </SubmitButton>
      </form>
      <p>
        <Link to="/mypage/worlds">ワールド一覧に戻る</Link>
      </p>
    </FormPage>
  );
}

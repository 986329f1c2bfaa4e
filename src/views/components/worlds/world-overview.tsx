import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { copyNameOf, copyWorldForm } from '../../../domain/forms/world-form';
import { TIME_ZONE_LABELS } from '../../../domain/time-zone';
import { request, useApi } from '../../hooks/use-api';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import {
  formatDate,
  operationErrors,
  roleLabels,
  type FlashState,
  type World,
} from './world-format';
import { invalidateMyWorlds, myWorldMutations } from '../../../services/api/my-worlds-queries';
import './worlds.css';

/** The overview section of /mypage/worlds/:id: the world's facts, and the owner's actions. */
export function WorldOverview({ world }: { world: World }) {
  return (
    <>
      <WorldDetails world={world} />
      {world.role === 'owner' ? (
        // key: the copy just made, shown by this same page, starts with a fresh form.
        <WorldActions key={world.id} world={world} />
      ) : (
        <p>ワールドの編集・コピー・日程の予約とお支払いは、主催者だけが行えます。</p>
      )}
    </>
  );
}

function WorldDetails({ world }: { world: World }) {
  return (
    <section aria-labelledby="world-details">
      <h2 id="world-details">ワールドの情報</h2>
      <dl className="definition-list">
        <dt>あなたの役割</dt>
        <dd>{roleLabels[world.role]}</dd>
        <dt>タイムゾーン</dt>
        <dd>{TIME_ZONE_LABELS[world.timeZone]}</dd>
        <dt>作成日</dt>
        <dd>{formatDate(world.createdAt, world.timeZone)}</dd>
        <dt>更新日</dt>
        <dd>{formatDate(world.updatedAt, world.timeZone)}</dd>
        <dt>説明</dt>
        <dd className="world-description">{world.description || '（なし）'}</dd>
      </dl>
    </section>
  );
}

const copyLabels = { name: 'コピーのワールド名' };

function WorldActions({ world }: { world: World }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [copying, setCopying] = useState(false);
  const form = useForm(copyWorldForm, { name: copyNameOf(world.name) });

  const onCopy = form.handleSubmit(async ({ name }) => {
    const outcome = await request(() =>
      // The layout comes along (the API's default); questionnaires stay with the original.
      myWorldMutations.copy(api, world.id, { name, copyLayout: true, copyQuestionnaires: false }),
    );
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    void invalidateMyWorlds(queryClient);
    const state: FlashState = { flash: `「${world.name}」をコピーしました。` };
    await navigate(`/mypage/worlds/${outcome.data.id}`, { state });
  });

  return (
    <section aria-labelledby="world-actions">
      <h2 id="world-actions">操作</h2>
      <ul className="world-actions">
        <li>
          <Link className="button" to={`/mypage/worlds/${world.id}/edit`}>
            編集
          </Link>
        </li>
        <li>
          <Link className="button" to={`/mypage/worlds/${world.id}/payment`}>
            日程の予約とお支払い
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="button"
            aria-expanded={copying}
            onClick={() => setCopying((open) => !open)}
          >
            コピー
          </button>
        </li>
      </ul>
      {copying && (
        <form
          id="world-copy"
          className="form"
          noValidate
          onSubmit={onCopy}
          aria-label="ワールドのコピー"
        >
          <p>
            名前・説明・タイムゾーン・カバー画像とレイアウトをコピーして、あなたが主催者の新しいワールドを作成します。メンバー・日程・お支払いはコピーされません。
          </p>
          <FormErrorSummary
            form={form}
            labels={copyLabels}
            title="ワールドをコピーできませんでした。"
          />
          <TextField
            {...form.field('name')}
            label={copyLabels.name}
            autoComplete="off"
            hint="100文字以内"
          />
          <div className="button-row">
            <SubmitButton submitting={form.submitting} busyLabel="コピーしています…">
              コピーを作成する
            </SubmitButton>
            <SubmitButton
              type="button"
              variant="secondary"
              submitting={false}
              onClick={() => setCopying(false)}
            >
              やめる
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}

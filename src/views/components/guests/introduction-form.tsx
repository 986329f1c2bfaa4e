import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { guestLimits, introductionForm } from '../../../domain/forms/guest-forms';
import { formatDateTime } from '../../../domain/time-zone';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextAreaField, TextField } from '../form/field';
import { Notice } from '../form/notice';
import { SubmitButton } from '../form/submit-button';
import { operationErrors, type World } from '../worlds/world-format';
import { guestMutations, invalidateIntroduction } from '../../../services/api/guests-queries';

type Introduction = components['schemas']['EnterGuestEditableIntroduction'];

const labels = { body: '案内文', imageUrl: '画像のURL' };

/** The introduction guests read on the enter page (saveEnterGuestEditableIntroduction). */
export function IntroductionForm({ world, saved }: { world: World; saved: Introduction }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [updatedAt, setUpdatedAt] = useState(saved.updatedAt);
  const [done, setDone] = useState(false);
  const form = useForm(introductionForm, { body: saved.body, imageUrl: saved.imageUrl ?? '' });

  const onSubmit = form.handleSubmit(async (body) => {
    setDone(false);
    const outcome = await request(() => guestMutations.saveIntroduction(api, world.id, body));
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    void invalidateIntroduction(queryClient, world.id);
    // What the server kept (trimmed), so the fields show what guests will read.
    form.reset({ body: outcome.data.body, imageUrl: outcome.data.imageUrl ?? '' });
    setUpdatedAt(outcome.data.updatedAt);
    setDone(true);
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="introduction-heading">
      <h3 id="introduction-heading">入場前の案内</h3>
      <p className="membership-item-meta">
        {updatedAt
          ? `最終更新 ${formatDateTime(updatedAt, world.timeZone)}`
          : 'まだ保存されていません。'}
      </p>
      <FormErrorSummary form={form} labels={labels} title="案内文を保存できませんでした。" />
      <TextAreaField
        {...form.field('body')}
        label={labels.body}
        required={false}
        rows={8}
        hint={`入場ページでゲストに表示されます。開催日時や注意事項などを書きましょう。${guestLimits.introduction}文字以内。空欄なら表示しません。`}
      />
      <TextField
        {...form.field('imageUrl')}
        label={labels.imageUrl}
        required={false}
        autoComplete="off"
        hint="https:// で始まる画像のURL。空欄なら画像なし。"
      />
      <SubmitButton submitting={form.submitting} busyLabel="保存しています…">
        案内文を保存
      </SubmitButton>
      {done && (
        <Notice>
          <p>案内文を保存しました。</p>
        </Notice>
      )}
    </form>
  );
}

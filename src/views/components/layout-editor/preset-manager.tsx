import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { presetLimits, presetNameForm } from '../../../domain/forms/layout-forms';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { useForm } from '../../hooks/use-form';
import { ConfirmDialog } from '../confirm-dialog';
import { FormErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import { SectionOutcome, useSectionOutcome } from '../membership/section-outcome';
import { operationErrors } from '../worlds/world-format';
import {
  invalidatePresets,
  myLayoutQueries,
  myPresetMutations,
} from '../../../services/api/my-layouts-queries';

type Preset = components['schemas']['Preset'];

/**
 * 自分のプリセット in the layout editor (docs/product.md, "Presets"): the caller's own presets,
 * each renamed in place or deleted after one confirmation; built-in presets are not listed here.
 */
export function PresetManager() {
  const api = useApi();
  const queryClient = useQueryClient();
  const presets = useQuery(myLayoutQueries.presets(useQueryApi()));
  const own = (presets.data?.items ?? []).filter((p) => !p.builtIn);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Preset | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useSectionOutcome(() => void invalidatePresets(queryClient));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    const outcome = await request(() => myPresetMutations.remove(api, deleting.id));
    setBusy(false);
    setDeleting(null);
    feedback.settle(outcome, `プリセット「${deleting.name}」を削除しました。`);
  };

  return (
    <div className="preset-manager">
      <h3>自分のプリセット</h3>
      <SectionOutcome outcome={feedback} />
      {presets.data && own.length === 0 && (
        <p className="editor-hint">保存したプリセットはまだありません。</p>
      )}
      {own.length > 0 && (
        <ul className="preset-manager-list" aria-label="自分のプリセット">
          {own.map((preset) => (
            <li key={preset.id}>
              {renaming === preset.id ? (
                <RenameForm
                  preset={preset}
                  onDone={(name) => {
                    setRenaming(null);
                    feedback.succeed(`プリセット名を「${name}」に変更しました。`);
                  }}
                  onCancel={() => setRenaming(null)}
                />
              ) : (
                <div className="editor-panel-row">
                  <span className="preset-manager-name">{preset.name}</span>
                  <button
                    type="button"
                    className="button"
                    aria-label={`プリセット「${preset.name}」の名前を変更`}
                    onClick={() => {
                      feedback.forget();
                      setRenaming(preset.id);
                    }}
                  >
                    名前を変更
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    aria-label={`プリセット「${preset.name}」を削除`}
                    onClick={() => setDeleting(preset)}
                  >
                    削除
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `プリセット「${deleting.name}」を削除しますか？` : ''}
        confirmLabel="削除する"
        busyLabel="削除しています…"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        <p>このプリセットを適用済みのワールドのレイアウトは、そのまま残ります。</p>
      </ConfirmDialog>
    </div>
  );
}

function RenameForm({
  preset,
  onDone,
  onCancel,
}: {
  preset: Preset;
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const api = useApi();
  const form = useForm(presetNameForm, { name: preset.name });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    const outcome = await request(() => myPresetMutations.rename(api, preset.id, name));
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    onDone(name);
  });
  return (
    <form
      className="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={`プリセット「${preset.name}」の名前の変更`}
    >
      <FormErrorSummary
        form={form}
        labels={{ name: '新しいプリセット名' }}
        title="名前を変更できませんでした。"
      />
      <TextField
        {...form.field('name')}
        label="新しいプリセット名"
        autoComplete="off"
        hint={`${presetLimits.name}文字以内。`}
      />
      <div className="editor-panel-row">
        <SubmitButton submitting={form.submitting} busyLabel="保存しています…">
          名前を保存
        </SubmitButton>
        <button type="button" className="button" onClick={onCancel}>
          キャンセル
        </button>
      </div>
    </form>
  );
}

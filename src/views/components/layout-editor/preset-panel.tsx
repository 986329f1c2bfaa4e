import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmDialog } from '../confirm-dialog';
import { Loading } from '../loading';
import { myLayoutQueries } from '../../../services/api/my-layouts-queries';

const NAME_MAX = 100;

// Forms of their own below the editor: loaded after it, off the page's budget (ADR 018).
const PresetManager = lazy(() =>
  import('./preset-manager').then((m) => ({ default: m.PresetManager })),
);

export interface PresetPanelProps {
  busy: boolean;
  canApply: boolean;
  /** Saving as a preset copies the saved layout: not offered with unsaved changes. */
  canSave: boolean;
  onApply: (presetId: string) => void;
  onSave: (name: string) => void;
}

/** Apply a preset (asked first: it replaces the layout and saves it) or save the layout as one. */
export function PresetPanel({ busy, canApply, canSave, onApply, onSave }: PresetPanelProps) {
  const presets = useQuery(myLayoutQueries.presets(useQueryApi()));
  const [chosen, setChosen] = useState('');
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState('');
  const items = presets.data?.items ?? [];
  const preset = items.find((p) => p.id === chosen);
  const nameTooLong = [...name].length > NAME_MAX;

  return (
    <section className="editor-panel" aria-labelledby="preset-heading">
      <h2 id="preset-heading">プリセット</h2>
      {presets.isPending && <p role="status">プリセットを読み込んでいます…</p>}
      {presets.error && <p role="alert">プリセットを読み込めませんでした。</p>}
      <div className="editor-panel-row">
        <label>
          プリセットを選ぶ
          <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">選んでください</option>
            {items.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.builtIn ? '（組み込み）' : ''}（{p.spaces.length}スペース）
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button"
          disabled={!preset || !canApply || busy}
          onClick={() => setAsking(true)}
        >
          プリセットを適用
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={`プリセット「${preset?.name ?? ''}」を適用しますか？`}
        confirmLabel="適用する"
        busyLabel="適用しています…"
        busy={false}
        onConfirm={() => {
          setAsking(false);
          onApply(chosen);
        }}
        onCancel={() => setAsking(false)}
      >
        <p>
          今のレイアウトはプリセットの配置に置き換わり、すぐに保存されます。ホール以外のスペースと未保存の変更は失われます。
        </p>
      </ConfirmDialog>
      <form
        className="editor-panel-row"
        aria-label="プリセットとして保存"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim() !== '' && !nameTooLong) onSave(name.trim());
        }}
      >
        <label>
          プリセット名
          <input
            value={name}
            aria-invalid={nameTooLong || undefined}
            aria-describedby="preset-name-hint"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button
          type="submit"
          className="button"
          disabled={!canSave || busy || name.trim() === '' || nameTooLong}
        >
          プリセットとして保存
        </button>
        <p id="preset-name-hint" className={nameTooLong ? 'field-errors' : 'editor-hint'}>
          {nameTooLong
            ? `プリセット名は${NAME_MAX}文字以内で入力してください。`
            : canSave
              ? '保存済みのレイアウトを、ほかのワールドでも使えるプリセットにします。'
              : '未保存の変更を保存してから、プリセットとして保存できます。'}
        </p>
      </form>
      <Suspense fallback={<Loading />}>
        <PresetManager />
      </Suspense>
    </section>
  );
}

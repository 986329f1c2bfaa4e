import { useActorRef, useSelector } from '@xstate/react';
import { useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import { fromPromise } from 'xstate';
import {
  GRID,
  LAYOUT_HEIGHT,
  LAYOUT_WIDTH,
  layoutProblems,
  MAX_SPACE_NAME,
  spaceKindLabels,
} from '../../domain/layout';
import type { DraftSpace, LayoutEdit } from '../../domain/layout-edit';
import {
  isDirty,
  layoutEditorMachine,
  type LayoutEditorSnapshot,
} from '../../machines/layout-editor.machine';
import { applyPreset, loadLayout, saveLayout } from '../../services/layout-api';
import { useApi } from '../hooks/use-api';
import { useQueryApi } from '../hooks/use-api-query';

const arrows: Record<string, [number, number]> = {
  ArrowLeft: [-GRID, 0],
  ArrowRight: [GRID, 0],
  ArrowUp: [0, -GRID],
  ArrowDown: [0, GRID],
};

const selectDraft = (s: LayoutEditorSnapshot) => s.context.draft;
const selectSelection = (s: LayoutEditorSnapshot) => s.context.selection;
const selectMessages = (s: LayoutEditorSnapshot) => s.context.messages;
const selectVersion = (s: LayoutEditorSnapshot) => s.context.saved?.version ?? null;

/** /mypage/worlds/:id/editLayout: the canvas and, beside it, a list that does everything by keyboard. */
export function LayoutEditPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const editor = useActorRef(
    layoutEditorMachine.provide({
      actors: {
        loadLayout: fromPromise(({ input }) => loadLayout(api, input.worldId)),
        saveLayout: fromPromise(({ input }) => saveLayout(api, input)),
        applyPreset: fromPromise(({ input }) => applyPreset(api, input)),
      },
    }),
    { input: { worldId: id } },
  );
  const draft = useSelector(editor, selectDraft);
  const selection = useSelector(editor, selectSelection);
  const messages = useSelector(editor, selectMessages);
  const version = useSelector(editor, selectVersion);
  const dirty = useSelector(editor, isDirty);
  const loading = useSelector(editor, (s) => s.matches('loading'));
  const loadFailed = useSelector(editor, (s) => s.matches('loadFailed'));
  const conflict = useSelector(editor, (s) => s.matches('conflict'));
  const busy = useSelector(editor, (s) => s.matches('saving') || s.matches('applyingPreset'));
  const canUndo = useSelector(editor, (s) => s.can({ type: 'editor.undo' }));
  const canRedo = useSelector(editor, (s) => s.can({ type: 'editor.redo' }));
  const canSave = useSelector(editor, (s) => s.can({ type: 'editor.save' }));
  const edit = (e: LayoutEdit) => editor.send({ type: 'editor.edit', edit: e });
  const problems = layoutProblems(draft.spaces);

  function onCanvasKey(event: KeyboardEvent, space: DraftSpace) {
    const step = arrows[event.key];
    if (!step) return;
    event.preventDefault();
    const keys = selection.includes(space.key) ? selection : [space.key];
    edit({ kind: 'move', keys, dx: step[0], dy: step[1] });
  }

  if (loading) return <p role="status">読み込み中…</p>;
  if (loadFailed)
    return (
      <div role="alert">
        <p>{messages[0]}</p>
        <button type="button" onClick={() => editor.send({ type: 'editor.retry' })}>
          再読み込み
        </button>
      </div>
    );

  return (
    <main className="layout-editor">
      <h1>レイアウトの編集</h1>
      <p>
        <Link to={`/mypage/worlds/${id}`}>ワールドに戻る</Link>（保存済みの版: {version}）
        {dirty && <strong>未保存の変更があります</strong>}
      </p>
      <div role="toolbar" aria-label="編集の操作">
        <button type="button" onClick={() => edit({ kind: 'add', spaceKind: 'table' })}>
          テーブルを追加
        </button>
        <button type="button" onClick={() => edit({ kind: 'add', spaceKind: 'stage' })}>
          ステージを追加
        </button>
        <button
          type="button"
          disabled={selection.length === 0}
          onClick={() => edit({ kind: 'duplicate', keys: selection })}
        >
          選択を複製
        </button>
        <button
          type="button"
          disabled={selection.length === 0}
          onClick={() => edit({ kind: 'remove', keys: selection })}
        >
          選択を削除
        </button>
        <button
          type="button"
          disabled={!canUndo}
          onClick={() => editor.send({ type: 'editor.undo' })}
        >
          元に戻す
        </button>
        <button
          type="button"
          disabled={!canRedo}
          onClick={() => editor.send({ type: 'editor.redo' })}
        >
          やり直す
        </button>
        <button
          type="button"
          disabled={!canSave || busy}
          onClick={() => editor.send({ type: 'editor.save' })}
        >
          {busy ? '保存しています…' : '保存'}
        </button>
        <PresetPicker
          disabled={busy}
          onApply={(presetId) => editor.send({ type: 'editor.applyPreset', presetId })}
        />
      </div>

      {conflict && (
        <div role="alert" className="error-summary">
          <p>{messages[0]}</p>
          <button type="button" onClick={() => editor.send({ type: 'editor.reload' })}>
            最新のレイアウトを読み込む（この編集は破棄されます）
          </button>
          <button type="button" onClick={() => editor.send({ type: 'editor.keepEditing' })}>
            自分の編集を表示したままにする
          </button>
        </div>
      )}
      {!conflict && (messages.length > 0 || problems.length > 0) && (
        <ul role="alert" className="error-summary">
          {[...messages, ...problems].map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}

      <div className="layout-editor-panes">
        <svg
          viewBox={`0 0 ${LAYOUT_WIDTH} ${LAYOUT_HEIGHT}`}
          role="group"
          aria-label="レイアウトの図（矢印キーで選んだスペースを動かせます）"
          style={{ background: draft.backgroundColor, maxWidth: '100%' }}
        >
          {draft.spaces.map((s) => (
            <g
              key={s.key}
              tabIndex={0}
              role="button"
              aria-pressed={selection.includes(s.key)}
              aria-label={`${spaceKindLabels[s.kind]}「${s.name}」 ${s.capacity}席`}
              onClick={() => editor.send({ type: 'editor.select', keys: [s.key] })}
              onKeyDown={(e) => onCanvasKey(e, s)}
            >
              <rect
                x={s.x}
                y={s.y}
                width={s.width}
                height={s.height}
                fill={s.kind === 'hall' ? '#ffffff80' : s.kind === 'stage' ? '#fde68a' : '#bfdbfe'}
                stroke={selection.includes(s.key) ? '#d9480f' : '#334155'}
                strokeWidth={selection.includes(s.key) ? 6 : 2}
              />
              <text x={s.x + 8} y={s.y + 28} fontSize={22}>
                {s.name}（{s.capacity}）
              </text>
            </g>
          ))}
        </svg>
        <SpaceList
          spaces={draft.spaces}
          selection={selection}
          onSelect={(keys) => editor.send({ type: 'editor.select', keys })}
          onEdit={edit}
        />
      </div>
    </main>
  );
}

function PresetPicker({ disabled, onApply }: { disabled: boolean; onApply: (id: string) => void }) {
  const presets = useQueryApi().useQuery('get', '/api/mypage/presets');
  const [chosen, setChosen] = useState('');
  if (!presets.data) return null;
  return (
    <span>
      <label>
        プリセット
        <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">選んでください</option>
          {presets.data.items.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={disabled || chosen === ''} onClick={() => onApply(chosen)}>
        プリセットを適用
      </button>
    </span>
  );
}

const fields = [
  ['x', '横位置'],
  ['y', '縦位置'],
  ['width', '幅'],
  ['height', '高さ'],
  ['capacity', '席数'],
] as const;

/** The same spaces as a table of fields: every edit of the canvas can be made here by keyboard. */
function SpaceList(props: {
  spaces: DraftSpace[];
  selection: string[];
  onSelect: (keys: string[]) => void;
  onEdit: (edit: LayoutEdit) => void;
}) {
  const { spaces, selection, onSelect, onEdit } = props;
  function change(s: DraftSpace, field: (typeof fields)[number][0], value: number) {
    if (!Number.isFinite(value)) return;
    if (field === 'capacity') onEdit({ kind: 'capacity', key: s.key, capacity: value });
    else if (field === 'x' || field === 'y')
      onEdit({
        kind: 'move',
        keys: [s.key],
        dx: field === 'x' ? value - s.x : 0,
        dy: field === 'y' ? value - s.y : 0,
      });
    else
      onEdit({
        kind: 'resize',
        key: s.key,
        width: field === 'width' ? value : s.width,
        height: field === 'height' ? value : s.height,
      });
  }
  return (
    <section aria-labelledby="space-list-heading">
      <h2 id="space-list-heading">スペースの一覧</h2>
      <ul className="layout-space-list">
        {spaces.map((s) => (
          <li key={s.key}>
            <h3>
              <label>
                <input
                  type="checkbox"
                  checked={selection.includes(s.key)}
                  onChange={(e) =>
                    onSelect(
                      e.target.checked
                        ? [...selection, s.key]
                        : selection.filter((k) => k !== s.key),
                    )
                  }
                />
                {spaceKindLabels[s.kind]}「{s.name}」を選択
              </label>
            </h3>
            <label>
              名前
              <input
                value={s.name}
                maxLength={MAX_SPACE_NAME}
                onChange={(e) => onEdit({ kind: 'rename', key: s.key, name: e.target.value })}
              />
            </label>
            {fields.map(([field, label]) => (
              <label key={field}>
                {label}
                <input
                  type="number"
                  min={field === 'capacity' ? 1 : 0}
                  step={field === 'capacity' ? 1 : GRID}
                  value={s[field]}
                  onChange={(e) => change(s, field, e.target.valueAsNumber)}
                />
              </label>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

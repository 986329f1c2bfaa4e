import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { GRID, layoutIssues } from '../../domain/layout';
import type { LayoutEdit } from '../../domain/layout-edit';
import {
  sameAbilities,
  selectAbilities,
  selectDirty,
  selectDraft,
  selectMessages,
  selectNotice,
  selectPhase,
  selectSelection,
  selectVersion,
} from '../../machines/layout-editor.selectors';
import { BackgroundPicker } from '../components/layout-editor/background-picker';
import { ConflictAlert } from '../components/layout-editor/conflict-alert';
import { EditorToolbar } from '../components/layout-editor/editor-toolbar';
import { LayoutCanvas } from '../components/layout-editor/layout-canvas';
import { layoutEditorActor } from '../components/layout-editor/layout-editor-actor';
import { PresetPanel } from '../components/layout-editor/preset-panel';
import { SaveBar } from '../components/layout-editor/save-bar';
import { SpaceList } from '../components/layout-editor/space-list';
import { useEditorKeys, type EditorKeyAction } from '../components/layout-editor/use-editor-keys';
import { Loading } from '../components/loading';
import '../components/form/form.css';
import '../components/worlds/worlds.css';
import '../components/layout-editor/layout-editor.css';

/** /mypage/worlds/:id/editLayout: the canvas and, beside it, a list that does everything by keyboard. */
export function LayoutEditPage() {
  const { id = '' } = useParams();
  const useLayoutEditor = layoutEditorActor.useProvided();
  const editor = useLayoutEditor(id);
  const draft = useSelector(editor, selectDraft);
  const selection = useSelector(editor, selectSelection);
  const messages = useSelector(editor, selectMessages);
  const notice = useSelector(editor, selectNotice);
  const version = useSelector(editor, selectVersion);
  const dirty = useSelector(editor, selectDirty);
  const phase = useSelector(editor, selectPhase);
  const can = useSelector(editor, selectAbilities, sameAbilities);

  const edit = useCallback(
    (e: LayoutEdit) => editor.send({ type: 'editor.edit', edit: e }),
    [editor],
  );
  const select = useCallback(
    (keys: string[]) => editor.send({ type: 'editor.select', keys }),
    [editor],
  );

  const issues = useMemo(() => layoutIssues(draft.spaces), [draft.spaces]);
  const bySpace = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const issue of issues)
      for (const i of issue.spaces) {
        const key = draft.spaces[i]!.key;
        map.set(key, [...(map.get(key) ?? []), issue.message]);
      }
    return map;
  }, [issues, draft.spaces]);

  const run = useCallback(
    (action: EditorKeyAction): boolean => {
      const { context } = editor.getSnapshot();
      const keys = context.selection;
      if (typeof action === 'object') {
        if (keys.length === 0) return false;
        edit({ kind: 'move', keys, dx: action.move[0], dy: action.move[1] });
        return true;
      }
      switch (action) {
        case 'undo':
        case 'redo':
        case 'copy':
        case 'paste':
          editor.send({ type: `editor.${action}` });
          return true;
        case 'duplicate':
        case 'remove':
          if (keys.length === 0) return false;
          edit({ kind: action, keys });
          return true;
        case 'selectAll':
          select(context.draft.spaces.map((s) => s.key));
          return true;
        case 'deselect':
          select([]);
          return keys.length > 0;
      }
    },
    [editor, edit, select],
  );
  useEditorKeys(run);

  if (phase === 'loading') return <Loading />;
  if (phase === 'loadFailed')
    return (
      <div className="page" role="alert">
        <h1>レイアウトの編集</h1>
        <p>{messages[0]}</p>
        <button
          type="button"
          className="button"
          onClick={() => editor.send({ type: 'editor.retry' })}
        >
          再読み込み
        </button>
      </div>
    );

  const busy = phase === 'busy';
  const background = { color: draft.backgroundColor, imageUrl: draft.backgroundImageUrl };
  return (
    <div className="page layout-editor" aria-busy={busy || undefined}>
      <h1>レイアウトの編集</h1>
      <p>
        <Link to={`/mypage/worlds/${id}`}>ワールドに戻る</Link>
      </p>
      {phase === 'conflict' ? (
        <ConflictAlert
          messages={messages}
          onReload={() => editor.send({ type: 'editor.reload' })}
          onKeepEditing={() => editor.send({ type: 'editor.keepEditing' })}
        />
      ) : (
        <SaveBar
          version={version}
          dirty={dirty}
          busy={busy}
          canSave={can.save}
          problems={issues.map((i) => i.message)}
          messages={messages}
          notice={notice}
          onSave={() => editor.send({ type: 'editor.save' })}
        />
      )}
      <div className="layout-editor-panes">
        <section className="layout-editor-canvas" aria-labelledby="canvas-heading">
          <h2 id="canvas-heading">配置図</h2>
          <EditorToolbar abilities={can} selected={selection.length} onCommand={run} />
          <LayoutCanvas
            spaces={draft.spaces}
            selection={selection}
            invalid={new Set(bySpace.keys())}
            background={background}
            onSelect={select}
            onEdit={edit}
          />
          <p id="editor-canvas-help" className="editor-hint">
            クリック（タップ）で選択、Shift+クリックで追加選択。ドラッグで移動、四隅のつまみで大きさを変えます（
            {GRID}
            単位で揃います）。矢印キーで移動（Shift で5マス）、Delete で削除、Ctrl+D
            で複製、Ctrl+C・Ctrl+V でコピーと貼り付け、Ctrl+Z・Ctrl+Shift+Z
            で元に戻す・やり直す。位置と大きさは一覧の数値でも変えられます。
          </p>
        </section>
        <SpaceList
          spaces={draft.spaces}
          selection={selection}
          problems={bySpace}
          onSelect={select}
          onEdit={edit}
        />
      </div>
      <div className="layout-editor-panels">
        <PresetPanel
          busy={busy}
          canApply={can.applyPreset}
          canSave={can.savePreset}
          onApply={(presetId) => editor.send({ type: 'editor.applyPreset', presetId })}
          onSave={(name) => editor.send({ type: 'editor.savePreset', name })}
        />
        <BackgroundPicker worldId={id} draft={draft} onEdit={edit} />
      </div>
    </div>
  );
}

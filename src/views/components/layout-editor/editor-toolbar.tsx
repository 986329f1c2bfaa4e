import type { LayoutEditorAbilities } from '../../../machines/layout-editor.selectors';
import { Tooltip } from '../tooltip';
import type { EditorCommand } from './use-editor-keys';

const tools: { command: EditorCommand; label: string; keys: string; needs?: 'selection' }[] = [
  { command: 'undo', label: '元に戻す', keys: 'Ctrl+Z（⌘Z）' },
  { command: 'redo', label: 'やり直す', keys: 'Ctrl+Shift+Z（⌘⇧Z）' },
  { command: 'duplicate', label: '複製', keys: 'Ctrl+D（⌘D）', needs: 'selection' },
  { command: 'copy', label: 'コピー', keys: 'Ctrl+C（⌘C）' },
  { command: 'paste', label: '貼り付け', keys: 'Ctrl+V（⌘V）' },
  { command: 'remove', label: '削除', keys: 'Delete', needs: 'selection' },
];

/** The commands on the selection and the history, each with its shortcut in a tooltip. */
export function EditorToolbar(props: {
  abilities: LayoutEditorAbilities;
  selected: number;
  onCommand: (command: EditorCommand) => void;
}) {
  const { abilities, selected, onCommand } = props;
  const enabled = (t: (typeof tools)[number]) =>
    t.needs === 'selection'
      ? selected > 0
      : abilities[t.command as 'undo' | 'redo' | 'copy' | 'paste'];
  return (
    <div role="toolbar" aria-label="選択と履歴の操作" className="editor-toolbar">
      <span className="editor-toolbar-count" aria-live="polite">
        {selected > 0 ? `${selected}個を選択中` : '未選択'}
      </span>
      {tools.map((t) => (
        <Tooltip key={t.command} content={t.keys}>
          <button
            type="button"
            className="button"
            aria-disabled={!enabled(t) || undefined}
            onClick={() => enabled(t) && onCommand(t.command)}
          >
            {t.needs === 'selection' || t.command === 'copy' ? `選択を${t.label}` : t.label}
          </button>
        </Tooltip>
      ))}
    </div>
  );
}

export interface SaveBarProps {
  version: number | null;
  dirty: boolean;
  busy: boolean;
  canSave: boolean;
  /** Problems of the draft (layoutIssues): saving waits until there are none. */
  problems: string[];
  /** The server's refusal of the last save or preset. */
  messages: string[];
  notice: string | null;
  onSave: () => void;
}

/** Save, and what the owner needs to know about it: unsaved changes, problems, the last answer. */
export function SaveBar(props: SaveBarProps) {
  const { version, dirty, busy, canSave, problems, messages, notice, onSave } = props;
  return (
    <div className="editor-save-bar">
      <button
        type="button"
        className="button button-primary"
        disabled={!canSave || busy || !dirty}
        aria-busy={busy || undefined}
        onClick={onSave}
      >
        {busy ? '保存しています…' : '保存'}
      </button>
      <p className="editor-save-state" role="status">
        {busy
          ? '保存しています…'
          : dirty
            ? '未保存の変更があります。'
            : (notice ?? `保存済みです（版${version ?? 0}）。`)}
      </p>
      {problems.length > 0 && (
        <div className="editor-problems" aria-live="polite">
          <p>保存する前に、次の{problems.length}件を直してください。</p>
          <ul>
            {problems.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      {messages.length > 0 && (
        <ul className="error-summary" role="alert">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

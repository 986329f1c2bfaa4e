/**
 * Someone saved the layout first (409): say so, and offer to load theirs. Nothing is overwritten;
 * keeping this draft on screen lets the owner copy what they changed by hand.
 */
export function ConflictAlert(props: {
  messages: string[];
  onReload: () => void;
  onKeepEditing: () => void;
}) {
  return (
    <div role="alert" className="error-summary editor-conflict">
      <p className="error-summary-title">保存できませんでした</p>
      {props.messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={props.onReload}>
          最新のレイアウトを読み込む（この編集は破棄されます）
        </button>
        <button type="button" className="button" onClick={props.onKeepEditing}>
          自分の編集を表示したままにする
        </button>
      </div>
    </div>
  );
}

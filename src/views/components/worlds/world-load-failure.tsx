import { Link } from 'react-router';
import type { MyWorldState } from './use-my-world';

/** A world that could not be loaded: 404 and 403 say so plainly; other failures offer a retry. */
export function WorldLoadFailure({ state, onRetry }: { state: Extract<MyWorldState, { kind: 'failed' }>; onRetry: () => void }) {
  const final = state.status === 404 || state.status === 403;
  return (
    <div className="error-summary" role="alert">
      <h2 className="error-summary-title">{state.title}</h2>
      {state.messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      <p className="button-row">
        {!final && (
          <button type="button" className="button" onClick={onRetry}>
            もう一度読み込む
          </button>
        )}
        <Link to="/mypage/worlds">ワールド一覧に戻る</Link>
      </p>
    </div>
  );
}

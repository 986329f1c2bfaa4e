import { Link } from 'react-router';
import { Loading } from '../loading';
import type { WorldViewState } from './use-world-view';

/** The loading and failure states of a world page (the world itself comes from useWorldView). */
export function WorldLoadState({
  state,
  onRetry,
}: {
  state: Exclude<WorldViewState, { kind: 'loaded' }>;
  onRetry: () => void;
}) {
  if (state.kind === 'loading') return <Loading />;
  const notFound = state.status === 404 || state.status === 403;
  return (
    <div role="alert" className="meeting-outcome">
      <h2>{notFound ? 'ワールドが見つかりません' : 'ワールドを読み込めませんでした'}</h2>
      {state.messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {notFound ? (
        <p>
          <Link to="/mypage/worlds">ワールド一覧へ</Link>
        </p>
      ) : (
        <button type="button" className="button" onClick={onRetry}>
          もう一度読み込む
        </button>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import type { Loaded } from '../../hooks/use-loaded';

/**
 * The loading, failed and empty states of a list the same way in every section; `children`
 * draws the list once there is something in it.
 */
export function ListState<T extends { items: readonly unknown[] }>({
  state,
  what,
  empty,
  onRetry,
  children,
}: {
  state: Loaded<T>;
  /** "メンバー": read in "メンバーを読み込めませんでした。" */
  what: string;
  empty: ReactNode;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (state.kind === 'loading') return <p role="status">読み込み中…</p>;
  if (state.kind === 'failed')
    return (
      <div className="error-summary" role="alert">
        <p>
          {what}を読み込めませんでした。{state.errors.join(' ')}
        </p>
        <button type="button" className="button" onClick={onRetry}>
          もう一度読み込む
        </button>
      </div>
    );
  if (state.data.items.length === 0) return <p className="membership-empty">{empty}</p>;
  return <>{children(state.data)}</>;
}

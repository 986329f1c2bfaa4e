import type { ReactNode } from 'react';
import type { Loaded } from '../../hooks/use-loaded';

type LoadStateProps<T> = {
  state: Loaded<T>;
  /** "メンバー": read in "メンバーを読み込めませんでした。" */
  what: string;
  onRetry: () => void;
  children: (data: T) => ReactNode;
};

/** The loading and failed states of fetched data the same way in every section; `children` draws the data. */
export function LoadState<T>({ state, what, onRetry, children }: LoadStateProps<T>) {
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
  return <>{children(state.data)}</>;
}

/** A list's loading, failed and empty states; `children` draws the list once there is something in it. */
export function ListState<T extends { items: readonly unknown[] }>({ empty, children, ...load }: LoadStateProps<T> & { empty: ReactNode }) {
  return <LoadState {...load}>{(data) => (data.items.length === 0 ? <p className="membership-empty">{empty}</p> : children(data))}</LoadState>;
}

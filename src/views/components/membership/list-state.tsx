import type { ReactNode } from 'react';
import type { Loaded } from '../../hooks/use-loaded';
import { LoadFailure } from '../load-failure';
import { Pager, rangeLabel } from '../pager';

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
  if (state.kind === 'failed') return <LoadFailure what={what} status={state.status} errors={state.errors} onRetry={onRetry} />;
  return <>{children(state.data)}</>;
}

/** A list's loading, failed and empty states; `children` draws the list once there is something in it. */
export function ListState<T extends { items: readonly unknown[] }>({ empty, children, ...load }: LoadStateProps<T> & { empty: ReactNode }) {
  return <LoadState {...load}>{(data) => (data.items.length === 0 ? <p className="membership-empty">{empty}</p> : children(data))}</LoadState>;
}

type Page = { items: readonly unknown[]; page: number; perPage: number; total: number };

/** A page of a list: where it sits in the whole ("25件中 21〜25件目"), the items `children` draws, and the pager. */
export function PagedListState<T extends Page>({
  pagerLabel,
  onPage,
  children,
  ...list
}: LoadStateProps<T> & { empty: ReactNode; pagerLabel: string; onPage: (page: number) => void }) {
  return (
    <ListState {...list}>
      {(data) => (
        <>
          <p>{rangeLabel(data.page, data.perPage, data.items.length, data.total)}</p>
          {children(data)}
          <Pager page={data.page} perPage={data.perPage} total={data.total} label={pagerLabel} onPage={onPage} />
        </>
      )}
    </ListState>
  );
}

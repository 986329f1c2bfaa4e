import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailure } from './load-failure';
import { Loading } from './loading';
import { Pager, rangeLabel } from './pager';

/** The parts of a TanStack query these components read. */
export type QueryLike<T> = Pick<UseQueryResult<T, unknown>, 'data' | 'error' | 'refetch'>;

type QueryStateProps<T> = {
  query: QueryLike<T>;
  /** "メンバー": read in "メンバーを読み込めませんでした。" */
  what: string;
  /** A way back, offered with a failure (a 404 has nothing to retry). */
  back?: { to: string; label: string };
  children: (data: T) => ReactNode;
};

/**
 * Fetched data the same way everywhere: <Loading/> until it comes, <LoadFailure/> when it could
 * not be fetched, else `children` draws it. Data already shown stays when a refetch fails.
 */
export function QueryState<T>({ query, what, back, children }: QueryStateProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error)
    return (
      <LoadFailure
        error={query.error}
        what={what}
        back={back}
        onRetry={() => void query.refetch()}
      />
    );
  return <Loading />;
}

/** A list's loading, failed and empty states; `children` draws the list once there is something in it. */
export function ListState<T extends { items: readonly unknown[] }>({
  empty,
  children,
  ...load
}: QueryStateProps<T> & { empty: ReactNode }) {
  return (
    <QueryState {...load}>
      {(data) => (data.items.length === 0 ? <p className="list-empty">{empty}</p> : children(data))}
    </QueryState>
  );
}

type Page = { items: readonly unknown[]; page: number; perPage: number; total: number };

/** A page of a list: where it sits in the whole ("25件中 21〜25件目"), the items `children` draws, and the pager. */
export function PagedListState<T extends Page>({
  pagerLabel,
  onPage,
  children,
  ...list
}: QueryStateProps<T> & { empty: ReactNode; pagerLabel: string; onPage: (page: number) => void }) {
  return (
    <ListState {...list}>
      {(data) => (
        <>
          <p>{rangeLabel(data.page, data.perPage, data.items.length, data.total)}</p>
          {children(data)}
          <Pager
            page={data.page}
            perPage={data.perPage}
            total={data.total}
            label={pagerLabel}
            onPage={onPage}
          />
        </>
      )}
    </ListState>
  );
}

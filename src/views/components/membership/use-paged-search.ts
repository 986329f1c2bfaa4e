import { useCallback, useState } from 'react';
import type { ApiOutcome } from '../../hooks/use-api';
import { useLoaded } from '../../hooks/use-loaded';

const PER_PAGE = 20;

export type PageQuery = { page: number; perPage: number; q?: string };

/**
 * A world's list a page at a time, filtered by a search: a new search starts again at the first
 * page. `load` asks for one page; the world's id tells when the list is another one.
 */
export function usePagedSearch<T>(worldId: string, load: (query: PageQuery) => Promise<ApiOutcome<T>>) {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const { state, reload } = useLoaded(() => load({ page, perPage: PER_PAGE, ...(query ? { q: query } : {}) }), `${worldId}:${page}:${query}`);
  const search = useCallback((q: string) => {
    setQuery(q);
    setPage(1);
  }, []);
  return { state, reload, query, setPage, search };
}

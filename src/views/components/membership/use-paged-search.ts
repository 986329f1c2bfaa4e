import { useCallback, useState } from 'react';

const PER_PAGE = 20;

type PageQuery = { page: number; perPage: number; q?: string };

/**
 * Which page of a world's list to show, filtered by a search: a new search starts again at the
 * first page. `pageQuery` is the query string of the list's GET.
 */
export function usePagedSearch() {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const search = useCallback((q: string) => {
    setQuery(q);
    setPage(1);
  }, []);
  const pageQuery: PageQuery = { page, perPage: PER_PAGE, ...(query ? { q: query } : {}) };
  return { pageQuery, query, setPage, search };
}

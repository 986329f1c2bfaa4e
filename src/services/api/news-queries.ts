// The news (お知らせ) by name (docs/product.md §2, ADR 013): views take these, never an API path.
import type { QueryApi } from './queries';

export const newsQueries = {
  /** The news, newest first, a page at a time. */
  list: (queryApi: QueryApi, page: number, perPage: number) =>
    queryApi.queryOptions('get', '/api/news', { params: { query: { page, perPage } } }),
};

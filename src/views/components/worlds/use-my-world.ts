import { useQueryApi } from '../../hooks/use-api-query';

/**
 * GET /api/mypage/worlds/{id} (getMyWorld) through the query cache: the world page and its
 * sub-pages share one answer instead of asking again on each navigation.
 */
export function useMyWorld(id: string) {
  return useQueryApi().useQuery('get', '/api/mypage/worlds/{id}', { params: { path: { id } } });
}

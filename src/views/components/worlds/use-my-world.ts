import { useQuery } from '@tanstack/react-query';
import { myWorldQueries } from '../../../services/api/my-worlds-queries';
import { useQueryApi } from '../../hooks/use-api-query';

/**
 * myWorldQueries.show (getMyWorld) through the query cache: the world page and its
 * sub-pages share one answer instead of asking again on each navigation.
 */
export function useMyWorld(id: string) {
  return useQuery(myWorldQueries.show(useQueryApi(), id));
}

import { useQuery } from '@tanstack/react-query';
import { worldQueries } from '../../../services/api/worlds-queries';
import { useQueryApi } from '../../hooks/use-api-query';

/**
 * worldQueries.myWorld (getMyWorld) through the query cache: the world page and its
 * sub-pages share one answer instead of asking again on each navigation.
 */
export function useMyWorld(id: string) {
  return useQuery(worldQueries.myWorld(useQueryApi(), id));
}

import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { isUnread, newsSeenAt, subscribeNewsSeen } from '../../../services/news-seen';
import { useQueryApi } from '../../hooks/use-api-query';
import { newsQueries } from '../../../services/api/news-queries';

/** A page of news, as the mypage navigation (the newest page) and the news page read it. */
export function useNews(page = 1) {
  return useQuery(newsQueries.list(useQueryApi(), page, 20));
}

/** When this device last saw the news, kept current across components. */
export function useNewsSeenAt(): string | null {
  return useSyncExternalStore(subscribeNewsSeen, newsSeenAt, () => null);
}

/** How many of the newest page are unread (0 while loading or failed). */
export function useUnreadNewsCount(): number {
  const seenAt = useNewsSeenAt();
  const items = useNews().data?.items ?? [];
  return items.filter((item) => isUnread(item.publishedAt, seenAt)).length;
}

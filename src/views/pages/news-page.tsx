import { useEffect, useState } from 'react';
import { formatDateTime } from '../../domain/time-zone';
import { isUnread, markNewsSeen } from '../../services/news-seen';
import { PagedListState } from '../components/query-state';
import { useNews, useNewsSeenAt } from '../components/news/use-news';
import '../components/news/news.css';

/** /mypage/news: the product's news (お知らせ), newest first; opening it reads them. */
export function NewsPage() {
  const [page, setPage] = useState(1);
  const query = useNews(page);
  // What was unread when the page opened stays marked while the visitor reads.
  const seenAtNow = useNewsSeenAt();
  const [seenAt] = useState(seenAtNow);
  const newest = query.data?.items[0]?.publishedAt;
  useEffect(() => {
    if (newest) markNewsSeen(newest);
  }, [newest]);

  return (
    <div className="page news-page">
      <h1>お知らせ</h1>
      <PagedListState
        query={query}
        what="お知らせ"
        empty="お知らせはまだありません。"
        pagerLabel="お知らせのページ"
        onPage={setPage}
      >
        {(data) => (
          <ul className="news-list" aria-label="お知らせ">
            {data.items.map((item) => (
              <li key={item.id} className="news-item">
                <article aria-labelledby={`news-${item.id}`}>
                  <h2 id={`news-${item.id}`} className="news-title">
                    {isUnread(item.publishedAt, seenAt) && (
                      <span className="news-unread">未読</span>
                    )}
                    {item.title}
                  </h2>
                  <p className="news-date">
                    <time dateTime={item.publishedAt}>
                      {formatDateTime(item.publishedAt, 'Asia/Tokyo')}
                    </time>
                  </p>
                  <p className="news-body">{item.body}</p>
                  {item.url && (
                    <p>
                      <a href={item.url} target="_blank" rel="noreferrer noopener">
                        詳しく見る（新しいタブで開きます）
                      </a>
                    </p>
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
      </PagedListState>
    </div>
  );
}

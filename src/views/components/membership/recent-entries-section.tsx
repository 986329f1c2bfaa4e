import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/time-zone';
import { memberQueries } from '../../../services/api/members-queries';
import { useQueryApi } from '../../hooks/use-api-query';
import { Pager } from '../pager';
import { ListState } from '../query-state';
import { memberRoleLabels, type World } from '../worlds/world-format';
import './membership.css';

const PER_PAGE = 20;

/**
 * 最近の入場 (owner and staff; docs/product.md, "Recent entries"): each time someone came into the
 * world from outside it, newest first; moves inside the world are not entries.
 */
export function RecentEntriesSection({ world }: { world: World }) {
  const [page, setPage] = useState(1);
  const entries = useQuery({
    ...memberQueries.recentEntries(useQueryApi(), world.id, page, PER_PAGE),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="recent-entries-heading" className="membership-section">
      <h2 id="recent-entries-heading">最近の入場</h2>
      <p>ワールドに入場した人の記録です（ワールドの中での移動は含みません）。新しい順です。</p>
      <ListState query={entries} what="入場の記録" empty="まだ入場した人はいません。">
        {(data) => (
          <>
            <ul className="membership-list" aria-label="最近の入場">
              {data.items.map((entry) => (
                <li key={entry.id} className="membership-item">
                  <span className="membership-item-name">
                    {entry.userName}（{memberRoleLabels[entry.isGuest ? 'guest' : 'user']}）
                  </span>
                  <p className="membership-item-meta">
                    {formatDateTime(entry.enteredAt, world.timeZone)} に入場
                  </p>
                </li>
              ))}
            </ul>
            <Pager
              page={data.page}
              perPage={data.perPage}
              total={data.total}
              label="入場の記録のページ"
              onPage={setPage}
            />
          </>
        )}
      </ListState>
    </section>
  );
}

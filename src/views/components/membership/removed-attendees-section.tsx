import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/time-zone';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmDialog } from '../confirm-dialog';
import { memberRoleLabels, type World } from '../worlds/world-format';
import { ListState } from '../query-state';
import { SectionOutcome, useSectionOutcome } from './section-outcome';
import {
  invalidateRemovedAttendees,
  memberMutations,
  memberQueries,
} from '../../../services/api/members-queries';
import './membership.css';

type Removed = components['schemas']['RemovedAttendee'];

/** 退出させた参加者: kicked people stay out until owner or staff allow them again (ADR 016). */
export function RemovedAttendeesSection({ world }: { world: World }) {
  const api = useApi();
  const removed = useQuery(memberQueries.removedAttendees(useQueryApi(), world.id));
  const queryClient = useQueryClient();
  const [allowing, setAllowing] = useState<Removed | null>(null);
  const [busy, setBusy] = useState(false);
  const outcome = useSectionOutcome(() => void invalidateRemovedAttendees(queryClient, world.id));

  const allow = async () => {
    if (!allowing) return;
    setBusy(true);
    const person = allowing;
    const answer = await request(() =>
      memberMutations.allowRemovedAttendee(api, world.id, person.userId),
    );
    setBusy(false);
    setAllowing(null);
    outcome.settle(answer, `${person.name}さんの再入場を許可しました。`);
  };

  return (
    <section aria-labelledby="removed-attendees-heading" className="membership-section">
      <h2 id="removed-attendees-heading">退出させた参加者</h2>
      <p>
        会議から退出させた人は、再入場を許可するまでこのワールドに入場できません（ゲスト用リンクやかんたん入場からも入れません）。
      </p>
      <SectionOutcome outcome={outcome} />
      <ListState query={removed} what="退出させた参加者" empty="退出させた参加者はいません。">
        {(data) => (
          <ul className="membership-list" aria-label="退出させた参加者">
            {data.items.map((person) => (
              <li key={person.userId} className="membership-item">
                <span className="membership-item-name">
                  {person.name}（{memberRoleLabels[person.isGuest ? 'guest' : 'user']}）
                </span>
                <p className="membership-item-meta">
                  {formatDateTime(person.removedAt, world.timeZone)} に
                  {person.removedByName ? `${person.removedByName}さんが` : ''}退出させました
                </p>
                <div className="membership-item-actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={`${person.name}さんの再入場を許可`}
                    onClick={() => setAllowing(person)}
                  >
                    再入場を許可
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <ConfirmDialog
        open={allowing !== null}
        title={`${allowing?.name ?? ''}さんの再入場を許可しますか？`}
        confirmLabel="再入場を許可"
        busyLabel="許可しています…"
        busy={busy}
        onConfirm={() => void allow()}
        onCancel={() => setAllowing(null)}
      >
        <p>この人は再びワールドに入場できるようになります。</p>
      </ConfirmDialog>
    </section>
  );
}

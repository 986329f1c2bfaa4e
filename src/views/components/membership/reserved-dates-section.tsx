import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cancelRefundNotice } from '../../../domain/refund-policy';
import { spanLabel } from '../../../domain/time-zone';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmDialog } from '../confirm-dialog';
import { ListState } from '../query-state';
import type { World } from '../worlds/world-format';
import { SectionOutcome, useSectionOutcome } from './section-outcome';
import { eventQueries } from '../../../services/api/events-queries';
import { invalidateCalendarDates } from '../../../services/api/my-worlds-queries';
import {
  reservedDateMutations,
  reservedDateQueries,
} from '../../../services/api/reserved-dates-queries';
import './membership.css';

type CalendarDate = components['schemas']['CalendarDate'];

/**
 * 予約した日程 (owner; docs/product.md, "Reserved dates"): the world's reserved dates from now on,
 * each tied to one of its event announcements, marked as a rehearsal or not, or cancelled after
 * one confirmation.
 */
export function ReservedDatesSection({ world }: { world: World }) {
  const api = useApi();
  const queryApi = useQueryApi();
  const queryClient = useQueryClient();
  // The dates that have not ended as of opening the section.
  const [from] = useState(() => new Date().toISOString());
  const datesQuery = reservedDateQueries.upcoming(queryApi, world.id, from);
  const dates = useQuery(datesQuery);
  const events = useQuery(eventQueries.list(queryApi, world.id, { page: 1, perPage: 100 }));
  const titles = new Map(events.data?.items.map((e) => [e.id, e.title]));
  const [cancelling, setCancelling] = useState<CalendarDate | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useSectionOutcome(() => void invalidateCalendarDates(queryClient, world.id));
  const label = (date: CalendarDate) => spanLabel(date, world.timeZone);

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    const outcome = await request(() => reservedDateMutations.cancel(api, world.id, cancelling.id));
    setBusy(false);
    setCancelling(null);
    feedback.settle(outcome, `${label(cancelling)} の予約をキャンセルしました。`);
  };

  const link = async (date: CalendarDate, eventId: string) => {
    setBusy(true);
    const outcome = await request(() =>
      reservedDateMutations.linkEvent(api, world.id, date.id, eventId),
    );
    setBusy(false);
    feedback.settle(outcome, `${label(date)} を「${titles.get(eventId) ?? ''}」に紐づけました。`);
  };

  const markRehearsal = async (date: CalendarDate, isRehearsal: boolean) => {
    // The box shows the choice at once; a refusal reads the list again and so undoes it.
    queryClient.setQueryData<typeof dates.data>(
      datesQuery.queryKey,
      (list) =>
        list && {
          ...list,
          items: list.items.map((d) => (d.id === date.id ? { ...d, isRehearsal } : d)),
        },
    );
    setBusy(true);
    const outcome = await request(() =>
      reservedDateMutations.setRehearsal(api, world.id, date.id, isRehearsal),
    );
    setBusy(false);
    feedback.settle(
      outcome,
      isRehearsal
        ? `${label(date)} をリハーサルにしました。`
        : `${label(date)} をリハーサルから外しました。`,
    );
    if (!outcome.ok) void invalidateCalendarDates(queryClient, world.id);
  };

  return (
    <section aria-labelledby="reserved-dates-heading" className="membership-section">
      <h2 id="reserved-dates-heading">予約した日程</h2>
      <p>
        これからの予約済みの日程です。イベントのお知らせに紐づけ、リハーサルかどうかを記せます。開始前ならキャンセルできます。
      </p>
      <SectionOutcome outcome={feedback} />
      <ListState query={dates} what="予約した日程" empty="これからの予約はありません。">
        {(data) => (
          <ul className="membership-list" aria-label="予約した日程">
            {data.items.map((date) => (
              <li key={date.id} className="membership-item">
                <span className="membership-item-name">{label(date)}</span>
                <p className="membership-item-meta">
                  {date.capacity}人{date.isRehearsal ? '・リハーサル' : ''}
                  {date.paidByFixed ? '・定額プラン' : ''}　
                  {date.eventAnnouncementId
                    ? `イベント「${titles.get(date.eventAnnouncementId) ?? '…'}」`
                    : 'イベント未設定'}
                </p>
                <div className="membership-item-actions">
                  <label>
                    紐づけるイベント
                    <select
                      value={date.eventAnnouncementId ?? ''}
                      disabled={busy || !events.data}
                      aria-label={`${label(date)} に紐づけるイベント`}
                      onChange={(event) => {
                        if (event.target.value) void link(date, event.target.value);
                      }}
                    >
                      <option value="">選んでください</option>
                      {events.data?.items.map((e) => (
                        <option key={e.id} value={e.id}>
                          {e.title}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="membership-check">
                    <input
                      type="checkbox"
                      checked={date.isRehearsal}
                      disabled={busy}
                      aria-label={`${label(date)} はリハーサル`}
                      onChange={(event) => void markRehearsal(date, event.target.checked)}
                    />
                    リハーサル
                  </label>
                  <button
                    type="button"
                    className="button"
                    disabled={busy || new Date(date.startAt) <= new Date()}
                    aria-label={`${label(date)} の予約をキャンセル`}
                    onClick={() => setCancelling(date)}
                  >
                    キャンセル
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <ConfirmDialog
        open={cancelling !== null}
        title={cancelling ? `${label(cancelling)} の予約をキャンセルしますか？` : ''}
        confirmLabel="予約をキャンセルする"
        busyLabel="キャンセルしています…"
        busy={busy}
        onConfirm={() => void cancel()}
        onCancel={() => setCancelling(null)}
      >
        {cancelling && (
          <p>
            {cancelRefundNotice(
              {
                startAt: new Date(cancelling.startAt),
                endAt: new Date(cancelling.endAt),
                capacity: cancelling.capacity,
              },
              cancelling.paymentHistory?.paymentType === 'card',
              new Date(),
            )}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

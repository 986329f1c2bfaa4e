import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { addDaysToDay, dayOf, spanLabel, startOfDayIn } from '../../../domain/time-zone';
import type { TimeZoneName } from '../../../domain/time-zone';
import { INSIGHTS_MAX_RANGE_DAYS } from '../../../domain/user-actions';
import type { Range } from '../../../services/api/insights-queries';
import { reservedDateQueries } from '../../../services/api/reserved-dates-queries';
import { useQueryApi } from '../../hooks/use-api-query';

export type Choice = { day: string; range: Range };

/** A day in the world's time zone as a range [start of day, start of next day). */
function dayChoice(day: string, zone: TimeZoneName): Choice {
  return {
    day,
    range: {
      from: startOfDayIn(day, zone).toISOString(),
      to: startOfDayIn(addDaysToDay(day, 1), zone).toISOString(),
    },
  };
}

/**
 * What the insights cover (docs/product.md, "Insights"): a day (today by default) or one of the
 * world's reserved dates of the last 92 days, from its start to its end. Choosing a day clears the
 * reserved date; choosing a reserved date shows its day.
 */
export function useRangeChoice(worldId: string, zone: TimeZoneName) {
  const [choice, setChoice] = useState(() => dayChoice(dayOf(new Date(), zone), zone));
  const [reservedId, setReservedId] = useState('');
  const queryApi = useQueryApi();
  const [window] = useState(() => {
    const now = new Date();
    return {
      from: new Date(now.getTime() - INSIGHTS_MAX_RANGE_DAYS * 24 * 3600_000).toISOString(),
      to: new Date(now.getTime() + 24 * 3600_000).toISOString(),
    };
  });
  const reserved = useQuery(reservedDateQueries.between(queryApi, worldId, window.from, window.to));
  const dates = reserved.data?.items ?? [];
  return {
    choice,
    reservedId,
    dates,
    pickDay: (day: string) => {
      setReservedId('');
      setChoice(dayChoice(day, zone));
    },
    pickReserved: (id: string) => {
      const date = dates.find((d) => d.id === id);
      setReservedId(date ? id : '');
      if (!date) return;
      setChoice({
        day: dayOf(date.startAt, zone),
        range: { from: date.startAt, to: date.endAt },
      });
    },
  };
}

export function RangePicker({
  state,
  zone,
}: {
  state: ReturnType<typeof useRangeChoice>;
  zone: TimeZoneName;
}) {
  const dayId = useId();
  const reservedId = useId();
  return (
    <>
      <div className="form-field">
        <label htmlFor={dayId}>日付</label>
        <input
          id={dayId}
          type="date"
          value={state.choice.day}
          required
          onChange={(event) => {
            // A cleared field keeps the day shown.
            if (event.target.value) state.pickDay(event.target.value);
          }}
        />
      </div>
      <div className="form-field">
        <label htmlFor={reservedId}>予約した日程</label>
        <select
          id={reservedId}
          value={state.reservedId}
          onChange={(event) => state.pickReserved(event.target.value)}
        >
          <option value="">
            {state.dates.length === 0 ? '直近92日の予約はありません' : '日付で選ぶ'}
          </option>
          {state.dates.map((date) => (
            <option key={date.id} value={date.id}>
              {spanLabel(date, zone)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

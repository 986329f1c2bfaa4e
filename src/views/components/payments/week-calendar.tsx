import { Loading } from '../loading';
import type { CartItem } from '../../../domain/cart';
import { isLive } from '../../../domain/reservation';
import {
  formatDayLabel,
  formatTime,
  startOfDayIn,
  addDaysToDay,
  type TimeZoneName,
} from '../../../domain/time-zone';
import type { CalendarDate } from '../../../services/payments/payments-api';
import './payments.css';

export type WeekCalendarProps = {
  days: string[];
  dates: CalendarDate[];
  cartItems: CartItem[];
  timezone: TimeZoneName;
  selectedDay: string | null;
  status: 'loading' | 'loaded' | 'failed';
  error?: string;
  onSelectDay: (day: string) => void;
  onWeek: (offset: -1 | 1) => void;
  onRetry: () => void;
};

type Busy = { startAt: string; endAt: string; kind: 'reserved' | 'pending' | 'cart' };
const KIND_LABEL: Record<Busy['kind'], string> = {
  reserved: '予約済み',
  pending: '手続き中',
  cart: 'カート',
};

/** A week of the world's calendar in the chosen zone: what is taken each day, and the rest free. */
export function WeekCalendar({
  days,
  dates,
  cartItems,
  timezone,
  selectedDay,
  status,
  error,
  onSelectDay,
  onWeek,
  onRetry,
}: WeekCalendarProps) {
  const busy: Busy[] = [
    ...dates.filter(isLive).map((d) => ({
      startAt: d.startAt,
      endAt: d.endAt,
      kind: d.status === 'reserved' ? ('reserved' as const) : ('pending' as const),
    })),
    ...cartItems.map((item) => ({
      startAt: item.startAt,
      endAt: item.endAt,
      kind: 'cart' as const,
    })),
  ].sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
  const first = days[0] ?? '';
  const last = days[days.length - 1] ?? '';

  return (
    <section className="payment-section" aria-labelledby="calendar-heading">
      <div className="week-nav">
        <h2 id="calendar-heading">
          予約状況（{formatDayLabel(first)}〜{formatDayLabel(last)}）
        </h2>
        <div className="button-row">
          <button type="button" className="small-button" onClick={() => onWeek(-1)}>
            前の週
          </button>
          <button type="button" className="small-button" onClick={() => onWeek(1)}>
            次の週
          </button>
        </div>
      </div>
      <p className="estimate-note">
        時刻は{timezone === 'UTC' ? '協定世界時（UTC）' : '日本時間'}
        です。日付を押すと、その日で予約を入力します。
      </p>
      {status === 'loading' && <Loading label="予約状況を読み込み中…" />}
      {status === 'failed' && (
        <div role="alert">
          <p>予約状況を読み込めませんでした。{error}</p>
          <button type="button" className="small-button" onClick={onRetry}>
            もう一度読み込む
          </button>
        </div>
      )}
      <ul className="week-days" aria-busy={status === 'loading' || undefined}>
        {days.map((day) => {
          const from = startOfDayIn(day, timezone).getTime();
          const to = startOfDayIn(addDaysToDay(day, 1), timezone).getTime();
          const taken = busy.filter(
            (b) => Date.parse(b.startAt) < to && from < Date.parse(b.endAt),
          );
          const label = formatDayLabel(day);
          return (
            <li key={day} className="week-day" data-selected={day === selectedDay}>
              <button
                type="button"
                className="week-day-button"
                aria-pressed={day === selectedDay}
                aria-label={`${label}を選ぶ`}
                onClick={() => onSelectDay(day)}
              >
                {label}
              </button>
              {taken.length === 0 ? (
                status === 'loaded' && <span className="free">終日空き</span>
              ) : (
                <ul className="busy-list" aria-label={`${label}の予約`}>
                  {taken.map((b) => (
                    <li key={`${b.kind}-${b.startAt}`} className={`busy-${b.kind}`}>
                      {formatTime(b.startAt, timezone)}〜{formatTime(b.endAt, timezone)}{' '}
                      {KIND_LABEL[b.kind]}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatYen, MAX_CAPACITY, TRIAL_CAPACITY } from '../../../domain/price';
import type { DraftField } from '../../../domain/reservation';
import {
  fromLocalInput,
  TIME_ZONE_LABELS,
  TIME_ZONES,
  isTimeZone,
} from '../../../domain/time-zone';
import type { calendarReservationMachine } from '../../../machines/calendar-reservation.machine';
import {
  reservationPhase,
  selectReservation,
} from '../../../machines/calendar-reservation.selectors';
import '../form/form.css';
import { sizeLabel, spanLabel } from './format';
import './payments.css';

export type ReservationActor = ActorRefFrom<typeof calendarReservationMachine>;

function Field({
  id,
  label,
  hint,
  errors,
  optional,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors?: string[];
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
        <span className="field-badge" aria-hidden="true">
          {optional ? '任意' : '必須'}
        </span>
      </label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {errors?.length ? (
        <ul className="field-errors" id={`${id}-error`}>
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Day, times, zone, capacity, rehearsal and event announcement, with the live estimate. */
export function ReservationForm({ actor }: { actor: ReservationActor }) {
  const context = useSelector(actor, selectReservation);
  const phase = useSelector(actor, reservationPhase);
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const { draft, errors, timezone } = context;
  const aria = (field: DraftField, hint = false) => ({
    id: id(field),
    'aria-invalid': errors[field]?.length ? true : undefined,
    'aria-describedby':
      [hint ? `${id(field)}-hint` : '', errors[field]?.length ? `${id(field)}-error` : '']
        .filter(Boolean)
        .join(' ') || undefined,
  });
  const startAt = fromLocalInput(draft.start, timezone);
  const endAt = fromLocalInput(draft.end, timezone);
  const price = context.serverPrice ?? context.localPrice;

  return (
    <section className="payment-section" aria-labelledby="reservation-heading">
      <h2 id="reservation-heading">日時を予約する</h2>
      <p className="estimate-note">
        予約のない時間帯は最大{TRIAL_CAPACITY}
        人まで入場できます。予約した時間帯は、指定した人数まで入場できます。料金は1人1時間あたり110円です。
      </p>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'reservation.addToCart', now: Date.now() });
        }}
      >
        <Field id={id('timezone')} label="タイムゾーン">
          <select
            id={id('timezone')}
            className="field-control"
            value={timezone}
            onChange={(e) =>
              isTimeZone(e.target.value) &&
              actor.send({ type: 'reservation.timezoneChanged', timezone: e.target.value })
            }
          >
            {TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {TIME_ZONE_LABELS[zone]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('start')} label="開始日時" errors={errors.start}>
          <input
            {...aria('start')}
            className="field-control"
            type="datetime-local"
            step={60}
            value={draft.start}
            onChange={(e) =>
              actor.send({ type: 'reservation.startChanged', value: e.target.value })
            }
          />
        </Field>
        <Field id={id('end')} label="終了日時" errors={errors.end}>
          <input
            {...aria('end')}
            className="field-control"
            type="datetime-local"
            step={60}
            value={draft.end}
            onChange={(e) => actor.send({ type: 'reservation.endChanged', value: e.target.value })}
          />
        </Field>
        <Field
          id={id('capacity')}
          label="人数"
          hint={`1〜${MAX_CAPACITY}人`}
          errors={errors.capacity}
        >
          <input
            {...aria('capacity', true)}
            className="field-control"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_CAPACITY}
            value={draft.capacity}
            onChange={(e) =>
              actor.send({ type: 'reservation.capacityChanged', value: e.target.value })
            }
          />
        </Field>
        <label className="check-row">
          <input
            type="checkbox"
            checked={draft.isRehearsal}
            onChange={(e) =>
              actor.send({ type: 'reservation.rehearsalChanged', value: e.target.checked })
            }
          />
          リハーサル
        </label>
        <Field
          id={id('eventAnnouncementId')}
          label="イベントのお知らせID"
          optional
          hint="この日時をイベントのお知らせに結びつける場合に入力します。"
          errors={errors.eventAnnouncementId}
        >
          <input
            {...aria('eventAnnouncementId', true)}
            className="field-control"
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={draft.eventAnnouncementId}
            onChange={(e) =>
              actor.send({ type: 'reservation.eventAnnouncementChanged', value: e.target.value })
            }
          />
        </Field>

        <div role="status" aria-live="polite" aria-label="見積もり">
          {price !== null && startAt && endAt ? (
            <>
              <p className="estimate">
                {sizeLabel({ startAt, endAt, capacity: Number(draft.capacity) })} ={' '}
                {formatYen(price)}
              </p>
              <p className="estimate-note">
                {spanLabel(
                  { startAt: startAt.toISOString(), endAt: endAt.toISOString() },
                  timezone,
                )}
                {'　'}
                {context.serverPrice !== null
                  ? context.serverPrice === context.localPrice
                    ? '料金を確認しました。'
                    : 'サーバーの料金でお支払いいただきます。'
                  : context.quoteError
                    ? '料金はお支払いのときに確定します。'
                    : '料金を確認しています…'}
              </p>
            </>
          ) : (
            <p className="estimate-note">
              開始日時・終了日時・人数を入力すると料金が表示されます。
            </p>
          )}
        </div>

        {context.conflicts.length > 0 && (
          <div className="error-summary" role="alert">
            <h3 className="error-summary-title">この時間帯にはすでに予約があります</h3>
            <ul>
              {context.conflicts.map((d) => (
                <li key={d.id}>
                  {spanLabel(d, timezone)}（{d.status === 'reserved' ? '予約済み' : '手続き中'}）
                </li>
              ))}
            </ul>
          </div>
        )}
        {phase === 'checkFailed' && (
          <div className="error-summary" role="alert">
            <p>予約状況を確認できませんでした。{context.checkError}</p>
            <button
              type="button"
              className="small-button"
              onClick={() => actor.send({ type: 'reservation.retry' })}
            >
              もう一度確認する
            </button>
          </div>
        )}
        {context.message && context.conflicts.length === 0 && (
          <p className="field-errors" role="alert">
            {context.message}
          </p>
        )}
        <button
          className="button button-primary form-submit"
          type="submit"
          disabled={phase === 'checking' || phase === 'checkFailed'}
          aria-busy={phase === 'checking' || undefined}
        >
          {phase === 'checking' && <span className="spinner" aria-hidden="true" />}
          カートに追加
        </button>
      </form>
    </section>
  );
}

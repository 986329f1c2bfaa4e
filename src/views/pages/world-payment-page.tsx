import type { StripeCardElement } from '@stripe/stripe-js';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { cartTotal } from '../../domain/cart';
import { addDaysToDay, dayOf, startOfDayIn, weekOf } from '../../domain/time-zone';
import { selectDraftStart, selectTimezone } from '../../machines/calendar-reservation.selectors';
import { selectCart, selectCartNotice } from '../../machines/cart.selectors';
import type { CheckoutOrder } from '../../machines/checkout.machine';
import { isPaymentUnderWay } from '../../machines/checkout.selectors';
import {
  loadBrowserPayments,
  type BrowserPayments,
} from '../../services/payments/browser-payments';
import { messagesOf } from '../../services/payments/payment-error';
import {
  getMyWorld,
  listCalendarDates,
  type CalendarDate,
  type MyWorld,
} from '../../services/payments/payments-api';
import { CartView } from '../components/payments/cart-view';
import { CheckoutPanel } from '../components/payments/checkout-panel';
import { usePaymentActorsHook } from '../components/payments/payment-actors';
import { ReservationForm } from '../components/payments/reservation-form';
import { WeekCalendar } from '../components/payments/week-calendar';
import { Notice } from '../components/form/notice';
import { useApi } from '../hooks/use-api';
import '../components/payments/payments.css';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'loaded'; world: MyWorld; payments: BrowserPayments }
  | { kind: 'failed'; errors: string[] };

/**
 * /mypage/worlds/:id/payment: the world's calendar, a date to reserve, the cart and checkout; for
 * staff the calendar alone, read-only.
 */
export function WorldPaymentPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    // Stripe.js (when configured) is loaded here, on the payment page only.
    Promise.all([getMyWorld(api, id), loadBrowserPayments(api)])
      .then(([world, payments]) => live && setState({ kind: 'loaded', world, payments }))
      .catch((error: unknown) => live && setState({ kind: 'failed', errors: messagesOf(error) }));
    return () => {
      live = false;
    };
  }, [api, id, attempt]);

  if (state.kind === 'loading') {
    return (
      <Notice tone="info">
        <p>読み込み中…</p>
      </Notice>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="error-summary" role="alert">
        <h1 className="error-summary-title">お支払いページを表示できませんでした。</h1>
        <ul>
          {state.errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <button type="button" className="small-button" onClick={() => setAttempt((n) => n + 1)}>
          もう一度読み込む
        </button>
      </div>
    );
  }
  return <PaymentWorkspace key={state.world.id} world={state.world} payments={state.payments} />;
}

type WeekDates = { status: 'loading' | 'loaded' | 'failed'; dates: CalendarDate[]; error?: string };

function PaymentWorkspace({ world, payments }: { world: MyWorld; payments: BrowserPayments }) {
  const api = useApi();
  const stripeCard = useRef<StripeCardElement | null>(null);
  const [refresh, setRefresh] = useState(0);

  const usePaymentActors = usePaymentActorsHook();
  const { cart, reservation, checkout } = usePaymentActors({
    world,
    payments,
    stripeCard,
    onPaid: () => setRefresh((n) => n + 1),
  });

  const cartValue = useSelector(cart, selectCart);
  const notice = useSelector(cart, selectCartNotice);
  const draftStart = useSelector(reservation, selectDraftStart);
  const timezone = useSelector(reservation, selectTimezone);
  const locked = useSelector(checkout, isPaymentUnderWay);
  const selectedDay =
    /^\d{4}-\d{2}-\d{2}/.exec(draftStart)?.[0] ?? addDaysToDay(dayOf(new Date(), timezone), 1);
  const days = useMemo(() => weekOf(selectedDay), [selectedDay]);
  const firstDay = days[0] ?? selectedDay;

  const [week, setWeek] = useState<WeekDates>({ status: 'loading', dates: [] });
  const [weekAttempt, setWeekAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setWeek((w) => ({ ...w, status: 'loading' }));
    listCalendarDates(
      api,
      {
        worldId: world.id,
        from: startOfDayIn(firstDay, timezone),
        to: startOfDayIn(addDaysToDay(firstDay, 7), timezone),
      },
      controller.signal,
    )
      .then((dates) => setWeek({ status: 'loaded', dates }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setWeek({ status: 'failed', dates: [], error: messagesOf(error).join(' ') });
      });
    return () => controller.abort();
  }, [api, world.id, firstDay, timezone, refresh, weekAttempt]);

  const ours = cartValue.worldId === world.id ? cartValue.items : [];
  const order: CheckoutOrder | null =
    ours.length > 0
      ? {
          worldId: world.id,
          items: ours,
          timezone: cartValue.timezone,
          total: cartTotal(cartValue),
        }
      : null;
  const selectDay = useCallback(
    (day: string) => reservation.send({ type: 'reservation.daySelected', day }),
    [reservation],
  );

  // Money is the owner's (the server refuses staff with 403): anyone else sees the calendar only,
  // told so up front, and is never led through the reservation, cart or card form.
  const canPay = world.role === 'owner';

  return (
    <div className="payment-page">
      <div>
        <h1>{canPay ? 'お支払い手続き' : '予約状況（閲覧のみ）'}</h1>
        {canPay ? (
          <p>
            ワールド「{world.name}」の日時を予約してお支払いします。
            <Link to="/mypage/payments">お支払い履歴とカード</Link>
          </p>
        ) : (
          <Notice tone="info" title="この画面は閲覧のみです">
            <p>
              {`ワールド「${world.name}」の予約状況を確認できます。日時の予約とお支払いは、ワールドのオーナーだけが行えます。`}
            </p>
          </Notice>
        )}
      </div>
      <WeekCalendar
        days={days}
        dates={week.dates}
        cartItems={ours}
        timezone={timezone}
        selectedDay={selectedDay}
        status={week.status}
        error={week.error}
        onSelectDay={selectDay}
        onWeek={(offset) => selectDay(addDaysToDay(selectedDay, offset * 7))}
        onRetry={() => setWeekAttempt((n) => n + 1)}
      />
      {canPay && (
        <>
          <ReservationForm actor={reservation} />
          <CartView
            cart={cartValue}
            worldId={world.id}
            notice={notice}
            locked={locked}
            onRemove={(index) => cart.send({ type: 'cart.itemRemoved', index })}
          />
          <CheckoutPanel
            actor={checkout}
            payments={payments}
            order={order}
            timezone={cartValue.timezone}
            stripeCard={stripeCard}
          />
        </>
      )}
    </div>
  );
}

import type { StripeCardElement } from '@stripe/stripe-js';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { cartTotal } from '../../domain/cart';
import {
  addDaysToDay,
  dayOf,
  startOfDayIn,
  weekOf,
  type TimeZoneName,
} from '../../domain/time-zone';
import { selectDraftStart, selectTimezone } from '../../machines/calendar-reservation.selectors';
import { selectCart, selectCartNotice } from '../../machines/cart.selectors';
import type { CheckoutOrder } from '../../machines/checkout.machine';
import { isPaymentUnderWay } from '../../machines/checkout.selectors';
import { toApiError } from '../../services/errors/api-error';
import { browserPaymentsFor, type BrowserPayments } from '../../services/payments/browser-payments';
import type { MyWorld, PaymentConfig } from '../../services/payments/payments-api';
import { CartView } from '../components/payments/cart-view';
import { CheckoutPanel } from '../components/payments/checkout-panel';
import { usePaymentActorsHook } from '../components/payments/payment-actors';
import { PendingCheckout } from '../components/payments/pending-checkout';
import { ReservationForm } from '../components/payments/reservation-form';
import { WeekCalendar } from '../components/payments/week-calendar';
import { Notice } from '../components/form/notice';
import { LoadFailure } from '../components/load-failure';
import { Loading } from '../components/loading';
import { useMyWorld } from '../components/worlds/use-my-world';
import { worldLoadFailure } from '../components/worlds/world-format';
import { useQueryApi } from '../hooks/use-api-query';
import { invalidatePendingPayments, paymentQueries } from '../../services/api/payments-queries';
import { invalidateCalendarDates, myWorldQueries } from '../../services/api/my-worlds-queries';
import '../components/payments/payments.css';

// After checkout, the owner's only: loaded beside the rest, off the page's budget (ADR 018).
const PlanAndInvoices = lazy(() =>
  import('../components/payments/plan-and-invoices').then((m) => ({
    default: m.PlanAndInvoices,
  })),
);

/**
 * /mypage/worlds/:id/payment: the world's calendar, a date to reserve, the cart and checkout, then
 * the world's fixed plans and invoices; for staff the calendar alone, read-only.
 */
export function WorldPaymentPage() {
  const { id = '' } = useParams();
  const world = useMyWorld(id);
  const config = useQuery(paymentQueries.config(useQueryApi()));
  // Stripe.js (when configured) is loaded here, on the payment page only, for the owner only.
  const payments = useQuery({
    queryKey: ['browserPayments', config.data],
    queryFn: () => browserPaymentsFor(config.data as PaymentConfig),
    enabled: config.data !== undefined && world.data?.role === 'owner',
    staleTime: Infinity,
  });

  const failed = [world, config, payments].find((query) => query.error);
  if (failed) {
    return (
      <LoadFailure
        {...worldLoadFailure}
        error={failed.error}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  if (!world.data) return <Loading />;
  // Money is the owner's (the server refuses staff with 403): anyone else sees the calendar only,
  // told so up front, and no actor of the money flow starts (no price, card or cart call).
  if (world.data.role !== 'owner') return <ReadOnlyReservations world={world.data} />;
  if (!payments.data) return <Loading />;
  return <PaymentWorkspace key={world.data.id} world={world.data} payments={payments.data} />;
}

/** The week's dates of the world, the week before kept on screen while the next one loads. */
function useWeek(worldId: string, selectedDay: string, timezone: TimeZoneName) {
  const days = useMemo(() => weekOf(selectedDay), [selectedDay]);
  const firstDay = days[0] ?? selectedDay;
  const week = useQuery({
    ...myWorldQueries.calendarDates(useQueryApi(), worldId, {
      from: startOfDayIn(firstDay, timezone).toISOString(),
      to: startOfDayIn(addDaysToDay(firstDay, 7), timezone).toISOString(),
    }),
    placeholderData: keepPreviousData,
  });
  return {
    days,
    dates: week.data?.items ?? [],
    status: week.error
      ? ('failed' as const)
      : week.isPlaceholderData || !week.data
        ? ('loading' as const)
        : ('loaded' as const),
    error: week.error ? toApiError(week.error).messages.join(' ') : undefined,
    refetch: () => void week.refetch(),
  };
}

function ReadOnlyReservations({ world }: { world: MyWorld }) {
  const timezone = world.timeZone;
  const [selectedDay, setSelectedDay] = useState(() =>
    addDaysToDay(dayOf(new Date(), timezone), 1),
  );
  const week = useWeek(world.id, selectedDay, timezone);
  return (
    <div className="payment-page">
      <div>
        <h1>予約状況（閲覧のみ）</h1>
        <Notice tone="info" title="この画面は閲覧のみです">
          <p>
            {`ワールド「${world.name}」の予約状況を確認できます。日時の予約とお支払いは、ワールドのオーナーだけが行えます。`}
          </p>
        </Notice>
      </div>
      <WeekCalendar
        days={week.days}
        dates={week.dates}
        cartItems={[]}
        timezone={timezone}
        selectedDay={selectedDay}
        status={week.status}
        error={week.error}
        onSelectDay={setSelectedDay}
        onWeek={(offset) => setSelectedDay(addDaysToDay(selectedDay, offset * 7))}
        onRetry={week.refetch}
      />
    </div>
  );
}

function PaymentWorkspace({ world, payments }: { world: MyWorld; payments: BrowserPayments }) {
  const stripeCard = useRef<StripeCardElement | null>(null);
  const queryClient = useQueryClient();

  const usePaymentActors = usePaymentActorsHook();
  // The actors read the card field's ref only when a card is saved, never while rendering.
  // eslint-disable-next-line react-hooks/refs
  const { cart, reservation, checkout } = usePaymentActors({
    world,
    payments,
    stripeCard,
    // A paid date shows as reserved on the calendar, a cancelled hold as free; the pending list follows.
    onDatesChanged: () => {
      void invalidateCalendarDates(queryClient, world.id);
      void invalidatePendingPayments(queryClient);
    },
  });

  const cartValue = useSelector(cart, selectCart);
  const notice = useSelector(cart, selectCartNotice);
  const draftStart = useSelector(reservation, selectDraftStart);
  const timezone = useSelector(reservation, selectTimezone);
  const locked = useSelector(checkout, isPaymentUnderWay);
  const selectedDay =
    /^\d{4}-\d{2}-\d{2}/.exec(draftStart)?.[0] ?? addDaysToDay(dayOf(new Date(), timezone), 1);
  const week = useWeek(world.id, selectedDay, timezone);

  const ours = cartValue.worldId === world.id ? cartValue.items : [];
  // After a reload the cart still knows which of its dates the payer's own pending payment holds.
  const pending = useQuery(paymentQueries.pending(useQueryApi(), world.id));
  const held = useMemo(
    () =>
      new Set(
        (pending.data?.items ?? []).flatMap((p) => p.dates.map((d) => `${d.startAt}|${d.endAt}`)),
      ),
    [pending.data],
  );
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

  return (
    <div className="payment-page">
      <div>
        <h1>お支払い手続き</h1>
        <p>
          ワールド「{world.name}」の日時を予約してお支払いします。
          <Link to="/mypage/payments">お支払い履歴とカード</Link>
          {' ・ '}
          <Link to="/legal/commerce">特定商取引法に基づく表記</Link>
        </p>
      </div>
      <WeekCalendar
        days={week.days}
        dates={week.dates}
        cartItems={ours}
        timezone={timezone}
        selectedDay={selectedDay}
        status={week.status}
        error={week.error}
        onSelectDay={selectDay}
        onWeek={(offset) => selectDay(addDaysToDay(selectedDay, offset * 7))}
        onRetry={week.refetch}
      />
      <PendingCheckout actor={checkout} worldId={world.id} timezone={timezone} />
      <ReservationForm actor={reservation} />
      <CartView
        cart={cartValue}
        worldId={world.id}
        notice={notice}
        locked={locked}
        onRemove={(index) => cart.send({ type: 'cart.itemRemoved', index })}
        held={held}
      />
      <CheckoutPanel
        actor={checkout}
        payments={payments}
        order={order}
        timezone={cartValue.timezone}
        stripeCard={stripeCard}
      />
      <Suspense fallback={<Loading />}>
        <PlanAndInvoices worldId={world.id} timezone={timezone} />
      </Suspense>
    </div>
  );
}

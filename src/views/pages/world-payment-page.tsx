import type { StripeCardElement } from '@stripe/stripe-js';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { fromPromise } from 'xstate';
import { cartTotal, emptyCart } from '../../domain/cart';
import { addDaysToDay, dayOf, startOfDayIn, weekOf } from '../../domain/time-zone';
import { calendarReservationMachine, type ReservationSnapshot } from '../../machines/calendar-reservation.machine';
import { cartMachine, type CartSnapshot } from '../../machines/cart.machine';
import { checkoutMachine, type CheckoutOrder, type CheckoutSnapshot } from '../../machines/checkout.machine';
import { appCartStorage } from '../../services/cart-storage';
import { loadBrowserPayments, type BrowserPayments } from '../../services/payments/browser-payments';
import { saveLocalCard } from '../../services/payments/local-card';
import { messagesOf, PaymentError } from '../../services/payments/payment-error';
import {
  authenticateLocalPayment,
  calcPrice,
  confirmPayment,
  createPayment,
  getMyWorld,
  listCalendarDates,
  listPaymentMethods,
  verifyPayment,
  type CalendarDate,
  type MyWorld,
} from '../../services/payments/payments-api';
import { CartView } from '../components/payments/cart-view';
import { CheckoutPanel } from '../components/payments/checkout-panel';
import { ReservationForm } from '../components/payments/reservation-form';
import { WeekCalendar } from '../components/payments/week-calendar';
import { Notice } from '../components/form/notice';
import { useApi } from '../hooks/use-api';
import '../components/payments/payments.css';

type Loaded = { kind: 'loading' } | { kind: 'loaded'; world: MyWorld; payments: BrowserPayments } | { kind: 'failed'; errors: string[] };

/** /mypage/worlds/:id/payment: the world's calendar, a date to reserve, the cart and checkout. */
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

const selectCart = (s: CartSnapshot) => s.context;
const selectDraftStart = (s: ReservationSnapshot) => s.context.draft.start;
const selectTimezone = (s: ReservationSnapshot) => s.context.timezone;
const PAYING = ['paying', 'authenticating', 'answering', 'stripeAction', 'confirming', 'verifying', 'verifyFailed'] as const;
/** While a payment is under way, what it pays for must not change. */
const selectLocked = (s: CheckoutSnapshot) => PAYING.some((p) => s.matches(p));

type WeekDates = { status: 'loading' | 'loaded' | 'failed'; dates: CalendarDate[]; error?: string };

function PaymentWorkspace({ world, payments }: { world: MyWorld; payments: BrowserPayments }) {
  const api = useApi();
  const stripeCard = useRef<StripeCardElement | null>(null);
  const [refresh, setRefresh] = useState(0);

  const cart = useActorRef(
    cartMachine.provide({
      actors: { loadCart: fromPromise(async () => appCartStorage.load()) },
      actions: {
        persist: (_, { cart: value }) => appCartStorage.save(value),
        // Saving an empty cart removes the key without telling listeners (that is us).
        clearStoredCart: () => appCartStorage.save(emptyCart()),
      },
    }),
  );
  // The session empties the stored cart on sign-in and sign-out.
  useEffect(() => appCartStorage.subscribe(() => cart.send({ type: 'cart.cleared' })), [cart]);

  const reservation = useActorRef(
    calendarReservationMachine.provide({
      actors: {
        calcPrice: fromPromise(({ input, signal }) => calcPrice(api, input, signal)),
        listDates: fromPromise(({ input, signal }) => listCalendarDates(api, input, signal)),
      },
      actions: { addToCart: (_, { item, timezone }) => cart.send({ type: 'cart.itemAdded', item, timezone }) },
    }),
    { input: { worldId: world.id, timezone: world.timeZone } },
  );
  useEffect(() => {
    // Tomorrow in the world's zone, 10:00–11:30, as a starting point.
    reservation.send({ type: 'reservation.daySelected', day: addDaysToDay(dayOf(new Date(), world.timeZone), 1) });
  }, [reservation, world.timeZone]);

  const checkout = useActorRef(
    checkoutMachine.provide({
      actors: {
        loadMethods: fromPromise(() => listPaymentMethods(api)),
        saveCard: fromPromise(async ({ input }) => {
          if (input.card) return saveLocalCard(api, input.card, input.makeDefault);
          if (payments.provider !== 'stripe' || !stripeCard.current) throw new PaymentError('declined', ['カード情報を入力してください。'], 0);
          const { saveStripeCard } = await import('../../services/payments/stripe');
          return saveStripeCard(api, payments.stripe, stripeCard.current, input.makeDefault);
        }),
        createPayment: fromPromise(({ input }) => createPayment(api, input.worldId, input.body)),
        authenticateLocal: fromPromise(({ input }) => authenticateLocalPayment(api, input.challengeId, input.result)),
        handleNextAction: fromPromise(async ({ input }) => {
          if (payments.provider !== 'stripe') throw new PaymentError('declined', ['カード会社の認証を開始できませんでした。'], 0);
          const { handleStripeNextAction } = await import('../../services/payments/stripe');
          return handleStripeNextAction(payments.stripe, input.clientSecret);
        }),
        confirmPayment: fromPromise(({ input }) => confirmPayment(api, input.worldId, input.paymentId)),
        verifyPayment: fromPromise(({ input }) => verifyPayment(api, input)),
      },
      actions: {
        paymentSucceeded: () => {
          cart.send({ type: 'cart.cleared' });
          setRefresh((n) => n + 1);
        },
      },
    }),
  );

  const { cart: cartValue, notice } = useSelector(cart, selectCart);
  const draftStart = useSelector(reservation, selectDraftStart);
  const timezone = useSelector(reservation, selectTimezone);
  const locked = useSelector(checkout, selectLocked);
  const selectedDay = /^\d{4}-\d{2}-\d{2}/.exec(draftStart)?.[0] ?? addDaysToDay(dayOf(new Date(), timezone), 1);
  const days = useMemo(() => weekOf(selectedDay), [selectedDay]);
  const firstDay = days[0] ?? selectedDay;

  const [week, setWeek] = useState<WeekDates>({ status: 'loading', dates: [] });
  const [weekAttempt, setWeekAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setWeek((w) => ({ ...w, status: 'loading' }));
    listCalendarDates(
      api,
      { worldId: world.id, from: startOfDayIn(firstDay, timezone), to: startOfDayIn(addDaysToDay(firstDay, 7), timezone) },
      controller.signal,
    )
      .then((dates) => setWeek({ status: 'loaded', dates }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setWeek({ status: 'failed', dates: [], error: messagesOf(error).join(' ') });
      });
    return () => controller.abort();
  }, [api, world.id, firstDay, timezone, refresh, weekAttempt]);

  const ours = cartValue.worldId === world.id ? cartValue.items : [];
  const order: CheckoutOrder | null =
    ours.length > 0 ? { worldId: world.id, items: ours, timezone: cartValue.timezone, total: cartTotal(cartValue) } : null;
  const selectDay = useCallback((day: string) => reservation.send({ type: 'reservation.daySelected', day }), [reservation]);

  return (
    <div className="payment-page">
      <div>
        <h1>お支払い手続き</h1>
        <p>
          ワールド「{world.name}」の日時を予約してお支払いします。<Link to="/mypage/payments">お支払い履歴とカード</Link>
        </p>
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
      <ReservationForm actor={reservation} />
      <CartView
        cart={cartValue}
        worldId={world.id}
        notice={notice}
        locked={locked}
        onRemove={(index) => cart.send({ type: 'cart.itemRemoved', index })}
      />
      <CheckoutPanel actor={checkout} payments={payments} order={order} timezone={cartValue.timezone} stripeCard={stripeCard} />
    </div>
  );
}

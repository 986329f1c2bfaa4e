import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { PaymentError } from '../services/payments/payment-error';
import type {
  PaymentMethod,
  PaymentOutcome,
  PaymentResult,
  Verification,
} from '../services/payments/payments-api';
import { ANSWER_AGAIN_MESSAGE, NOT_PAID_NOTICE, type CheckoutOrder } from './checkout.setup';
import { checkoutMachine } from './checkout.machine';

const worldId = '00000000-0000-4000-8000-00000000000a';
const card = (id: string, last4: string, isDefault = false): PaymentMethod => ({
  id,
  brand: 'visa',
  last4,
  expMonth: 12,
  expYear: 2030,
  isDefault,
  createdAt: '2025-01-01T00:00:00.000Z',
});
const good = card('c-good', '4242', true);
const bad = card('c-bad', '0002');
const order: CheckoutOrder = {
  worldId,
  items: [
    {
      worldId,
      startAt: '2030-06-03T01:00:00.000Z',
      endAt: '2030-06-03T02:30:00.000Z',
      capacity: 20,
      isRehearsal: false,
      eventAnnouncementId: null,
      price: 3300,
    },
  ],
  timezone: 'Asia/Tokyo',
  total: 3300,
};
const result = {
  paymentHistory: { id: 'h1', total: 3300 },
  calendarDates: [],
} as unknown as PaymentResult;
const declined = new PaymentError('declined', ['カードが拒否されました。'], 422);
const lost = new PaymentError('unknown', ['通信できませんでした。'], 0);

type Script = {
  authenticateLocal?: () => Promise<void>;
  createPayment?: (paymentMethodId: string) => Promise<PaymentOutcome>;
  confirmPayment?: () => Promise<PaymentOutcome>;
  verifyPayment?: () => Promise<Verification>;
  methods?: PaymentMethod[];
};

function start(script: Script) {
  const calls: string[] = [];
  const succeeded: PaymentResult[] = [];
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        loadMethods: fromPromise(async () => script.methods ?? [good, bad]),
        saveCard: fromPromise(async ({ input }) => {
          calls.push(`saveCard ${input.card?.number}`);
          return card('c-new', '4444');
        }),
        createPayment: fromPromise(async ({ input }) => {
          calls.push(`createPayment ${input.body.paymentMethodId} ${input.body.expectedTotal}`);
          return (script.createPayment ?? (async () => ({ status: 'paid', result }) as const))(
            input.body.paymentMethodId ?? '',
          );
        }),
        authenticateLocal: fromPromise(async ({ input }) => {
          calls.push(`authenticate ${input.challengeId} ${input.result}`);
          await script.authenticateLocal?.();
        }),
        handleNextAction: fromPromise(
          async ({ input }) => void calls.push(`handleNextAction ${input.clientSecret}`),
        ),
        confirmPayment: fromPromise(async ({ input }) => {
          calls.push(`confirm ${input.paymentId}`);
          return (script.confirmPayment ?? (async () => ({ status: 'paid', result }) as const))();
        }),
        verifyPayment: fromPromise(async ({ input }) => {
          calls.push(`verify ${input.paymentId ?? 'by calendar'} since ${input.since}`);
          return (script.verifyPayment ?? (async () => ({ status: 'notPaid' }) as const))();
        }),
      },
      actions: { paymentSucceeded: (_, { result }) => void succeeded.push(result) },
    }),
  );
  actor.start();
  const until = (state: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0]) =>
    waitFor(actor, (s) => s.matches(state));
  const pay = () => actor.send({ type: 'checkout.pay', order, now: 1000 });
  return { actor, calls, succeeded, until, pay };
}

describe('checkout machine', () => {
  it('pays with the default card, sending the total it showed, and reports success once', async () => {
    const { calls, succeeded, until, pay } = start({});
    await until('choosing');

    pay();
    pay(); // a second click while paying is not a second request
    await until('succeeded');

    expect(calls).toEqual(['createPayment c-good 3300']);
    expect(succeeded).toEqual([result]);
  });

  it('shows the decline and lets the payer choose another card', async () => {
    const { actor, calls, until, pay } = start({
      createPayment: async (id) =>
        id === 'c-bad' ? Promise.reject(declined) : { status: 'paid', result },
    });
    await until('choosing');
    actor.send({ type: 'checkout.cardSelected', id: 'c-bad' });
    pay();
    await until('declined');
    expect(actor.getSnapshot().context.errors).toEqual(['カードが拒否されました。']);

    actor.send({ type: 'checkout.cardSelected', id: 'c-good' });
    pay();
    await until('succeeded');

    expect(calls).toEqual(['createPayment c-bad 3300', 'createPayment c-good 3300']);
  });

  it('pays again straight from a decline with one event (the pay button sends only checkout.pay)', async () => {
    let tries = 0;
    const { actor, calls, until, pay } = start({
      createPayment: async () =>
        ++tries === 1 ? Promise.reject(declined) : { status: 'paid', result },
    });
    await until('choosing');
    pay();
    await until('declined');

    pay();
    expect(actor.getSnapshot().matches('paying')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual([]);
    await until('succeeded');
    expect(calls).toEqual(['createPayment c-good 3300', 'createPayment c-good 3300']);
  });

  it('on a lost answer asks the server what happened instead of paying again', async () => {
    const { actor, calls, succeeded, until, pay } = start({
      createPayment: () => Promise.reject(lost),
      verifyPayment: async () => ({ status: 'paid', result }),
    });
    await until('choosing');

    pay();
    await until('succeeded');

    expect(calls).toEqual(['createPayment c-good 3300', 'verify by calendar since 1000']);
    expect(succeeded).toEqual([result]);
    expect(actor.getSnapshot().context.errors).toEqual([]);
  });

  it('lets the payer pay again only once the server says nothing was charged', async () => {
    const { actor, calls, until, pay } = start({ createPayment: () => Promise.reject(lost) });
    await until('choosing');
    pay();
    await waitFor(actor, (s) => s.matches('choosing') && s.context.notice !== null);

    expect(actor.getSnapshot().context.notice).toBe(NOT_PAID_NOTICE);
    expect(calls).toEqual(['createPayment c-good 3300', 'verify by calendar since 1000']);
  });

  it('keeps asking, never paying, while the outcome stays unknown', async () => {
    let answers = 0;
    const { actor, calls, until, pay } = start({
      createPayment: () => Promise.reject(lost),
      verifyPayment: async () =>
        ++answers === 1 ? Promise.reject(lost) : { status: 'paid', result },
    });
    await until('choosing');
    pay();
    await until('verifyFailed');
    expect(actor.getSnapshot().can({ type: 'checkout.pay', order, now: 2 })).toBe(false);

    actor.send({ type: 'checkout.retry' });
    await until('succeeded');

    expect(calls.filter((c) => c.startsWith('createPayment'))).toHaveLength(1);
  });

  it('answers the local issuer dialog, then confirms the held payment', async () => {
    const { actor, calls, until, pay } = start({
      createPayment: async () => ({
        status: 'requiresAction',
        paymentId: 'p1',
        provider: 'local',
        clientSecret: 'local-9',
      }),
    });
    await until('choosing');
    pay();
    await until('authenticating');

    actor.send({ type: 'checkout.authApproved' });
    await until('succeeded');

    expect(calls).toEqual([
      'createPayment c-good 3300',
      'authenticate local-9 approve',
      'confirm p1',
    ]);
  });

  it('reports a rejected authentication as a decline from confirm', async () => {
    const { actor, until, pay } = start({
      createPayment: async () => ({
        status: 'requiresAction',
        paymentId: 'p1',
        provider: 'local',
        clientSecret: 'local-9',
      }),
      confirmPayment: () =>
        Promise.reject(new PaymentError('declined', ['カードの認証が拒否されました。'], 422)),
    });
    await until('choosing');
    pay();
    await until('authenticating');

    actor.send({ type: 'checkout.authRejected' });
    await until('declined');

    expect(actor.getSnapshot().context.errors).toEqual(['カードの認証が拒否されました。']);
  });

  it('hands Stripe its client secret, then confirms', async () => {
    const { calls, until, pay } = start({
      createPayment: async () => ({
        status: 'requiresAction',
        paymentId: 'p2',
        provider: 'stripe',
        clientSecret: 'pi_2_secret',
      }),
    });
    await until('choosing');
    pay();
    await until('succeeded');

    expect(calls).toEqual([
      'createPayment c-good 3300',
      'handleNextAction pi_2_secret',
      'confirm p2',
    ]);
  });

  it('opens the card form when no card is saved, and pays with the card just added', async () => {
    const { actor, calls, until, pay } = start({ methods: [] });
    await until('addingCard');
    actor.send({ type: 'checkout.addCardCancelled' });
    expect(actor.getSnapshot().matches('addingCard')).toBe(true);

    actor.send({
      type: 'checkout.cardSubmitted',
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
      makeDefault: true,
    });
    await until('choosing');
    pay();
    await until('succeeded');

    expect(calls).toEqual(['saveCard 4242 4242 4242 4242', 'createPayment c-new 3300']);
  });

  it('ignores 支払う with an empty order: nothing is sent', async () => {
    const { actor, calls, until } = start({});
    await until('choosing');
    actor.send({ type: 'checkout.pay', order: { ...order, items: [], total: 0 }, now: 1 });

    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(calls).toEqual([]);
  });

  it.each([0, -3300])('refuses 支払う for a total of %i yen: nothing is sent', async (total) => {
    const { actor, calls, until } = start({});
    await until('choosing');
    actor.send({ type: 'checkout.pay', order: { ...order, total }, now: 1 });

    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('opens the issuer dialog again, saying why, when an answer that failed to arrive left the payment waiting', async () => {
    const waiting = {
      status: 'requiresAction',
      paymentId: 'p1',
      provider: 'local',
      clientSecret: 'local-9',
    } as const;
    let confirms = 0;
    const { actor, calls, until, pay } = start({
      createPayment: async () => waiting,
      authenticateLocal: async () =>
        calls.filter((c) => c.startsWith('authenticate')).length === 1
          ? Promise.reject(lost)
          : undefined,
      confirmPayment: async () => (++confirms === 1 ? waiting : { status: 'paid', result }),
    });
    await until('choosing');
    pay();
    await until('authenticating');
    expect(actor.getSnapshot().context.errors).toEqual([]);

    actor.send({ type: 'checkout.authApproved' });
    await waitFor(actor, (s) => s.matches('authenticating') && s.context.errors.length > 0);
    expect(actor.getSnapshot().context.errors).toEqual([ANSWER_AGAIN_MESSAGE]);

    actor.send({ type: 'checkout.authApproved' });
    expect(actor.getSnapshot().context.errors).toEqual([]);
    await until('succeeded');
    expect(calls).toEqual([
      'createPayment c-good 3300',
      'authenticate local-9 approve',
      'confirm p1',
      'authenticate local-9 approve',
      'confirm p1',
    ]);
  });
});

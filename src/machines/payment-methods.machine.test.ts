import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BrowserPayments } from '../services/payments/browser-payments';
import { PaymentError } from '../services/payments/payment-error';
import type { PaymentMethod } from '../services/payments/payments-api';
import { paymentMethodsMachine } from './payment-methods.machine';

const card = (id: string, isDefault: boolean) =>
  ({
    id,
    brand: 'visa',
    last4: '4242',
    expMonth: 1,
    expYear: 2030,
    isDefault,
    createdAt: '',
  }) as PaymentMethod;

function start(fail: { makeDefault?: boolean } = {}) {
  const calls: string[] = [];
  let methods = [card('a', true), card('b', false)];
  const actor = createActor(
    paymentMethodsMachine.provide({
      actors: {
        loadMethods: fromPromise(async () => (calls.push('load'), methods)),
        prepareForm: fromPromise<BrowserPayments>(async () => ({ provider: 'local' })),
        saveCard: fromPromise(async ({ input }) => {
          calls.push(`save ${input.card?.number} ${input.makeDefault}`);
          methods = [...methods, card('c', false)];
          return card('c', false);
        }),
        makeDefault: fromPromise(async ({ input }) => {
          calls.push(`default ${input.id}`);
          if (fail.makeDefault) throw new PaymentError('unknown', ['通信できませんでした。'], 0);
        }),
        deleteMethod: fromPromise(async ({ input }) => {
          calls.push(`delete ${input.id}`);
          methods = methods.filter((m) => m.id !== input.id);
        }),
      },
    }),
  );
  actor.start();
  const until = (state: 'ready') => waitFor(actor, (s) => s.matches(state));
  return { actor, calls, until };
}

describe('payment methods machine', () => {
  it('adds a card, then reloads the list and says so', async () => {
    const { actor, calls, until } = start();
    await until('ready');
    actor.send({ type: 'methods.addOpened' });
    await waitFor(actor, (s) => s.matches({ adding: 'editing' }));
    actor.send({
      type: 'methods.cardSubmitted',
      card: { number: '4242', expMonth: 1, expYear: 2030, cvc: '123' },
      makeDefault: true,
    });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready') && s.context.methods?.length === 3);

    expect(calls).toEqual(['load', 'save 4242 true', 'load']);
    expect(actor.getSnapshot().context.notice).toBe('カードを登録しました。');
  });

  it('deletes only after the confirmation, and not when it is cancelled', async () => {
    const { actor, calls, until } = start();
    await until('ready');
    actor.send({ type: 'methods.deleteAsked', id: 'b' });
    actor.send({ type: 'methods.deleteCancelled' });
    actor.send({ type: 'methods.deleteAsked', id: 'b' });
    expect(calls).toEqual(['load']);

    actor.send({ type: 'methods.deleteConfirmed' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.notice !== null);

    expect(calls).toEqual(['load', 'delete b', 'load']);
    expect(actor.getSnapshot().context.notice).toBe('カードを削除しました。');
    expect(actor.getSnapshot().context.methods?.map((m) => m.id)).toEqual(['a']);
  });

  it("shows the server's message when the default cannot be changed", async () => {
    const { actor, until } = start({ makeDefault: true });
    await until('ready');
    actor.send({ type: 'methods.defaultChosen', id: 'b' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.errors.length > 0);

    expect(actor.getSnapshot().context.errors).toEqual(['通信できませんでした。']);
    expect(actor.getSnapshot().context.targetId).toBeNull();
  });
});

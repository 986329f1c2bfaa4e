import { assign, setup, type SnapshotFrom } from 'xstate';
import type { BrowserPayments } from '../services/payments/browser-payments';
import type { LocalCardInput } from '../services/payments/local-card';
import { messagesOf } from '../services/payments/payment-error';
import type { PaymentMethod } from '../services/payments/payments-api';
import { unprovidedActor } from './unprovided';

// The saved cards of /mypage/payments: load them, add one, make one the default, delete one
// after a confirmation. Every change reloads the list from the server (the default may move).
//
// Start: createActor(paymentMethodsMachine.provide({ actors: { loadMethods, prepareForm,
//          saveCard, makeDefault, deleteMethod } }))
// Tags: `busy` while a change is sent (the buttons are disabled).

export type PaymentMethodsEvent =
  | { type: 'methods.retry' }
  | { type: 'methods.addOpened' }
  | { type: 'methods.addCancelled' }
  /** card: the local provider's form; null with Stripe (the app's saveCard reads its element). */
  | { type: 'methods.cardSubmitted'; card: LocalCardInput | null; makeDefault: boolean }
  | { type: 'methods.defaultChosen'; id: string }
  | { type: 'methods.deleteAsked'; id: string }
  | { type: 'methods.deleteConfirmed' }
  | { type: 'methods.deleteCancelled' };

export const CARD_SAVED = 'カードを登録しました。';
export const DEFAULT_CHANGED = '既定のカードを変更しました。';
export const CARD_DELETED = 'カードを削除しました。';

export interface PaymentMethodsContext {
  /** null until the first list arrives (a reload keeps showing the last one). */
  methods: PaymentMethod[] | null;
  /** The card form's provider (Stripe.js loaded only when the form is first opened). */
  form: BrowserPayments | null;
  /** The card the confirmation or the change is about. */
  targetId: string | null;
  notice: string | null;
  /** A failed load, default change or deletion. */
  errors: string[];
  /** Messages of the card form. */
  cardErrors: string[];
}

export const paymentMethodsMachine = setup({
  types: {} as { context: PaymentMethodsContext; events: PaymentMethodsEvent },
  actors: {
    loadMethods: unprovidedActor<PaymentMethod[]>('payment-methods', 'loadMethods'),
    prepareForm: unprovidedActor<BrowserPayments>('payment-methods', 'prepareForm'),
    /** form: Stripe's card element is read with the form's Stripe. */
    saveCard: unprovidedActor<
      PaymentMethod,
      { card: LocalCardInput | null; makeDefault: boolean; form: BrowserPayments | null }
    >('payment-methods', 'saveCard'),
    makeDefault: unprovidedActor<void, { id: string }>('payment-methods', 'makeDefault'),
    deleteMethod: unprovidedActor<void, { id: string }>('payment-methods', 'deleteMethod'),
  },
  actions: {
    setMethods: assign((_, params: { methods: PaymentMethod[] }) => ({ methods: params.methods })),
    setForm: assign((_, params: { form: BrowserPayments }) => ({ form: params.form })),
    target: assign((_, params: { id: string }) => ({
      targetId: params.id,
      notice: null,
      errors: [],
    })),
    untarget: assign({ targetId: null }),
    changed: assign((_, params: { notice: string }) => ({
      notice: params.notice,
      errors: [],
      targetId: null,
    })),
    failed: assign((_, params: { error: unknown }) => ({
      errors: messagesOf(params.error),
      targetId: null,
    })),
    clearMessages: assign({ notice: null, errors: [], cardErrors: [] }),
    setCardErrors: assign((_, params: { error: unknown }) => ({
      cardErrors: messagesOf(params.error),
    })),
  },
  guards: {
    formReady: ({ context }) => context.form !== null,
  },
}).createMachine({
  id: 'paymentMethods',
  context: { methods: null, form: null, targetId: null, notice: null, errors: [], cardErrors: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMethods',
        src: 'loadMethods',
        onDone: {
          target: 'ready',
          actions: { type: 'setMethods', params: ({ event }) => ({ methods: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { 'methods.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    ready: {
      on: {
        'methods.addOpened': {
          target: 'adding',
          actions: 'clearMessages',
        },
        'methods.defaultChosen': {
          target: 'settingDefault',
          actions: { type: 'target', params: ({ event }) => ({ id: event.id }) },
        },
        'methods.deleteAsked': {
          target: 'confirmingDelete',
          actions: { type: 'target', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    adding: {
      initial: 'preparing',
      on: { 'methods.addCancelled': { target: 'ready', actions: 'clearMessages' } },
      states: {
        preparing: {
          always: { guard: 'formReady', target: 'editing' },
          invoke: {
            id: 'prepareForm',
            src: 'prepareForm',
            onDone: {
              target: 'editing',
              actions: { type: 'setForm', params: ({ event }) => ({ form: event.output }) },
            },
            // Stripe.js could not load: the form cannot be shown; the message says why.
            onError: {
              target: 'unavailable',
              actions: { type: 'setCardErrors', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        unavailable: {},
        editing: {
          on: { 'methods.cardSubmitted': 'saving' },
        },
        saving: {
          tags: 'busy',
          invoke: {
            id: 'saveCard',
            src: 'saveCard',
            input: ({ context, event }) =>
              event.type === 'methods.cardSubmitted'
                ? { card: event.card, makeDefault: event.makeDefault, form: context.form }
                : { card: null, makeDefault: false, form: context.form },
            onDone: {
              target: '#paymentMethods.loading',
              actions: { type: 'changed', params: { notice: CARD_SAVED } },
            },
            onError: {
              target: 'editing',
              actions: { type: 'setCardErrors', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    settingDefault: {
      tags: 'busy',
      invoke: {
        id: 'makeDefault',
        src: 'makeDefault',
        input: ({ context }) => ({ id: context.targetId ?? '' }),
        onDone: {
          target: 'loading',
          actions: { type: 'changed', params: { notice: DEFAULT_CHANGED } },
        },
        onError: {
          target: 'ready',
          actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingDelete: {
      on: {
        'methods.deleteConfirmed': 'deleting',
        'methods.deleteCancelled': { target: 'ready', actions: 'untarget' },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteMethod',
        src: 'deleteMethod',
        input: ({ context }) => ({ id: context.targetId ?? '' }),
        onDone: {
          target: 'loading',
          actions: { type: 'changed', params: { notice: CARD_DELETED } },
        },
        onError: {
          target: 'ready',
          actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type PaymentMethodsSnapshot = SnapshotFrom<typeof paymentMethodsMachine>;

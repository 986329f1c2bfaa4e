import { assign, setup, type SnapshotFrom } from 'xstate';
import {
  addItem,
  emptyCart,
  removeItem,
  type AddResult,
  type Cart,
  type CartItem,
} from '../domain/cart';
import type { TimeZoneName } from '../domain/time-zone';
import { unprovidedAction, unprovidedActor } from './unprovided';

// The cart of docs/product.md §3: dates of one world waiting to be paid, kept in local storage
// (the app provides loadCart, persist and clearStoredCart) and rebuilt on load.

export type CartNotice = AddResult | 'removed' | 'loadFailed';

export type CartEvent =
  | { type: 'cart.itemAdded'; item: CartItem; timezone: TimeZoneName }
  | { type: 'cart.itemRemoved'; index: number }
  /** Emptied: after a payment, or by the session (sign-in and sign-out). */
  | { type: 'cart.cleared' }
  | { type: 'cart.noticeDismissed' };

export interface CartContext {
  cart: Cart;
  /** What the last change did, for the status line ("カートに追加しました。"…). */
  notice: CartNotice | null;
}

export const cartMachine = setup({
  types: {} as { context: CartContext; events: CartEvent },
  actors: {
    /** The stored cart, null when none; rejects when what is stored cannot be read. */
    loadCart: unprovidedActor<Cart | null>('cart', 'loadCart'),
  },
  actions: {
    // Effects, provided by the app (src/views/pages/world-payment-page.tsx).
    persist: unprovidedAction<{ cart: Cart }>('cart', 'persist'),
    /** Removes what is stored (a corrupt cart, or an emptied one). */
    clearStoredCart: unprovidedAction('cart', 'clearStoredCart'),
    // Context.
    restore: assign((_, params: { cart: Cart | null }) => ({ cart: params.cart ?? emptyCart() })),
    add: assign(({ context }, params: { item: CartItem; timezone: TimeZoneName }) => {
      const { cart, result } = addItem(context.cart, params.item, params.timezone);
      return { cart, notice: result };
    }),
    refuse: assign(({ context }, params: { item: CartItem; timezone: TimeZoneName }) => ({
      notice: addItem(context.cart, params.item, params.timezone).result,
    })),
    remove: assign(({ context }, params: { index: number }) => ({
      cart: removeItem(context.cart, params.index),
      notice: 'removed' as const,
    })),
    empty: assign(({ context }) => ({ cart: emptyCart(context.cart.timezone), notice: null })),
    noteLoadFailed: assign({ notice: 'loadFailed' as const }),
    dismissNotice: assign({ notice: null }),
  },
  guards: {
    accepts: ({ context }, params: { item: CartItem; timezone: TimeZoneName }) => {
      const { result } = addItem(context.cart, params.item, params.timezone);
      return result === 'added' || result === 'replacedWorld';
    },
  },
}).createMachine({
  id: 'cart',
  context: { cart: emptyCart(), notice: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: {
          target: 'ready',
          actions: { type: 'restore', params: ({ event }) => ({ cart: event.output }) },
        },
        // docs/product.md §3: the cart can be cleared on a load error. What cannot be read is dropped.
        onError: { target: 'ready', actions: ['clearStoredCart', 'noteLoadFailed'] },
      },
    },
    ready: {
      on: {
        'cart.itemAdded': [
          {
            guard: {
              type: 'accepts',
              params: ({ event }) => ({ item: event.item, timezone: event.timezone }),
            },
            actions: [
              {
                type: 'add',
                params: ({ event }) => ({ item: event.item, timezone: event.timezone }),
              },
              { type: 'persist', params: ({ context }) => ({ cart: context.cart }) },
            ],
          },
          {
            actions: {
              type: 'refuse',
              params: ({ event }) => ({ item: event.item, timezone: event.timezone }),
            },
          },
        ],
        'cart.itemRemoved': {
          actions: [
            { type: 'remove', params: ({ event }) => ({ index: event.index }) },
            { type: 'persist', params: ({ context }) => ({ cart: context.cart }) },
          ],
        },
        'cart.cleared': { actions: ['empty', 'clearStoredCart'] },
        'cart.noticeDismissed': { actions: 'dismissNotice' },
      },
    },
  },
});

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

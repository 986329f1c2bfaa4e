import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CartLoadError, parseCart, serialiseCart, type Cart, type CartItem } from '../domain/cart';
import { createMemoryStorage } from '../services/memory-storage';
import { CART_STORAGE_KEY } from '../services/cart-slot';
import { createCartStorage } from '../services/cart-storage';
import { cartMachine } from './cart.machine';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const item = (worldId: string, startAt: string, endAt: string, price = 3300): CartItem => ({
  worldId,
  startAt,
  endAt,
  capacity: 20,
  isRehearsal: false,
  eventAnnouncementId: null,
  price,
});
const first = item(A, '2030-06-03T01:00:00.000Z', '2030-06-03T02:30:00.000Z');
const second = item(A, '2030-06-04T01:00:00.000Z', '2030-06-04T02:30:00.000Z');

/** The machine with the real storage service over an in-memory Storage. */
function start(stored?: string) {
  const backing = createMemoryStorage(stored === undefined ? {} : { [CART_STORAGE_KEY]: stored });
  const storage = createCartStorage(backing);
  const actor = createActor(
    cartMachine.provide({
      actors: { loadCart: fromPromise(async () => storage.load()) },
      actions: {
        persist: (_, { cart }) => storage.save(cart),
        clearStoredCart: () => storage.clear(),
      },
    }),
  );
  actor.start();
  return { actor, backing, ready: () => waitFor(actor, (s) => s.matches('ready')) };
}

describe('cart machine', () => {
  it('persists items in the serialised form and rebuilds them, prices included, on load', async () => {
    const one = start();
    await one.ready();
    one.actor.send({ type: 'cart.itemAdded', item: second, timezone: 'Asia/Tokyo' });
    one.actor.send({ type: 'cart.itemAdded', item: first, timezone: 'Asia/Tokyo' });
    const stored = one.backing.getItem(CART_STORAGE_KEY);

    expect(JSON.parse(stored ?? '')).toEqual({
      worldId: A,
      timezone: 'Asia/Tokyo',
      items: [first, second].map(
        ({ startAt, endAt, capacity, isRehearsal, eventAnnouncementId }) => ({
          startAt,
          endAt,
          capacity,
          isRehearsal,
          eventAnnouncementId,
        }),
      ),
    });
    const two = start(stored ?? '');
    await two.ready();
    expect(two.actor.getSnapshot().context.cart).toEqual({
      items: [first, second],
      worldId: A,
      timezone: 'Asia/Tokyo',
    });
  });

  it('clears what is stored when it cannot be read, and says so', async () => {
    const { actor, backing, ready } = start('{"items": [oops');
    await ready();

    expect(actor.getSnapshot().context).toMatchObject({
      cart: { items: [] },
      notice: 'loadFailed',
    });
    expect(backing.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('keeps only priced items and refuses an overlapping one', async () => {
    const { actor, ready } = start();
    await ready();
    actor.send({ type: 'cart.itemAdded', item: { ...first, price: 0 }, timezone: 'Asia/Tokyo' });
    expect(actor.getSnapshot().context).toMatchObject({ cart: { items: [] }, notice: 'priceless' });

    actor.send({ type: 'cart.itemAdded', item: first, timezone: 'Asia/Tokyo' });
    actor.send({
      type: 'cart.itemAdded',
      item: item(A, '2030-06-03T02:00:00.000Z', '2030-06-03T03:00:00.000Z'),
      timezone: 'Asia/Tokyo',
    });

    expect(actor.getSnapshot().context).toMatchObject({
      cart: { items: [first] },
      notice: 'overlaps',
    });
  });

  it('empties itself for an item of another world, and says so', async () => {
    const { actor, ready } = start();
    await ready();
    actor.send({ type: 'cart.itemAdded', item: first, timezone: 'Asia/Tokyo' });
    const other = item(B, '2030-06-05T00:00:00.000Z', '2030-06-05T01:00:00.000Z', 2200);

    actor.send({ type: 'cart.itemAdded', item: other, timezone: 'UTC' });

    expect(actor.getSnapshot().context).toEqual({
      cart: { items: [other], worldId: B, timezone: 'UTC' },
      notice: 'replacedWorld',
    });
  });

  it('forgets the stored cart when cleared and when the last item is removed', async () => {
    const { actor, backing, ready } = start();
    await ready();
    actor.send({ type: 'cart.itemAdded', item: first, timezone: 'Asia/Tokyo' });
    actor.send({ type: 'cart.itemRemoved', index: 0 });
    expect(backing.getItem(CART_STORAGE_KEY)).toBeNull();

    actor.send({ type: 'cart.itemAdded', item: first, timezone: 'Asia/Tokyo' });
    actor.send({ type: 'cart.cleared' });

    expect(backing.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(actor.getSnapshot().context.cart.items).toEqual([]);
  });
});

describe('stored cart', () => {
  it('drops items that price at 0 and refuses items without a world', () => {
    const cart: Cart = { items: [first], worldId: A, timezone: 'UTC' };
    const text = serialiseCart(cart).replace(first.endAt, first.startAt);
    expect(parseCart(text)).toEqual({ items: [], worldId: null, timezone: 'UTC' });
    expect(() => parseCart(serialiseCart({ ...cart, worldId: null }))).toThrow(CartLoadError);
    expect(() => parseCart('{"worldId":null,"timezone":"Europe/Paris","items":[]}')).toThrow(
      CartLoadError,
    );
  });
});

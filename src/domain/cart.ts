// Cart rules (docs/product.md §3): CartItem and Cart, only priced items kept, one world at a time,
// and the serialised form kept in local storage (startAt, endAt, capacity, isRehearsal,
// eventAnnouncementId per item, plus the cart's worldId and timezone).
import * as z from 'zod/mini';
import { MAX_CAPACITY, priceYen, totalYen, type Slot } from './price';
import { DEFAULT_TIME_ZONE, TIME_ZONES, type TimeZoneName } from './time-zone';

export interface CartItem {
  worldId: string;
  /** ISO 8601 instants. */
  startAt: string;
  endAt: string;
  capacity: number;
  isRehearsal: boolean;
  eventAnnouncementId: string | null;
  /** Yen; 0 until priced. Items priced 0 are not kept. */
  price: number;
}

export interface Cart {
  items: CartItem[];
  /** The world every item belongs to; null while empty. */
  worldId: string | null;
  /** The zone the dates were chosen in, sent with the payment and used to show them. */
  timezone: TimeZoneName;
}

/** The contract's bound on one payment (CreatePaymentRequest.items maxItems). */
const MAX_CART_ITEMS = 50;

export function emptyCart(timezone: TimeZoneName = DEFAULT_TIME_ZONE): Cart {
  return { items: [], worldId: null, timezone };
}

export function slotOf(item: Pick<CartItem, 'startAt' | 'endAt' | 'capacity'>): Slot {
  return { startAt: new Date(item.startAt), endAt: new Date(item.endAt), capacity: item.capacity };
}

/** docs/product.md §3: only items with a price above 0 are kept. */
function keepPriced(items: readonly CartItem[]): CartItem[] {
  return items.filter((item) => item.price > 0);
}

/** The total to pay, by the one price function (what the payment sends as expectedTotal). */
export function cartTotal(cart: Pick<Cart, 'items'>): number {
  return totalYen(cart.items.map(slotOf));
}

type Span = { startAt: string | Date; endAt: string | Date };
const ms = (at: string | Date) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

/** Half-open intervals: one date may end when the next begins. */
function overlaps(a: Span, b: Span): boolean {
  return ms(a.startAt) < ms(b.endAt) && ms(b.startAt) < ms(a.endAt);
}

export type AddResult = 'added' | 'replacedWorld' | 'overlaps' | 'priceless' | 'full';

/** What adding `item` does to `cart`: a cart of another world is emptied first. */
export function addItem(
  cart: Cart,
  item: CartItem,
  timezone: TimeZoneName,
): { cart: Cart; result: AddResult } {
  if (!(item.price > 0)) return { cart, result: 'priceless' };
  const otherWorld =
    cart.worldId !== null && cart.worldId !== item.worldId && cart.items.length > 0;
  const base = otherWorld ? [] : cart.items;
  if (base.some((existing) => overlaps(existing, item))) return { cart, result: 'overlaps' };
  if (base.length >= MAX_CART_ITEMS) return { cart, result: 'full' };
  const items = [...base, item].sort((a, b) => ms(a.startAt) - ms(b.startAt));
  return {
    cart: { items, worldId: item.worldId, timezone },
    result: otherWorld ? 'replacedWorld' : 'added',
  };
}

export function removeItem(cart: Cart, index: number): Cart {
  const items = cart.items.filter((_, i) => i !== index);
  return { ...cart, items, worldId: items.length ? cart.worldId : null };
}

/** The item as the API takes it (CartItem of openapi/schemas/mypage-worlds.yaml). */
function serialiseItem(item: CartItem) {
  return {
    startAt: item.startAt,
    endAt: item.endAt,
    capacity: item.capacity,
    isRehearsal: item.isRehearsal,
    eventAnnouncementId: item.eventAnnouncementId,
  };
}

export function serialiseCart(cart: Cart): string {
  return JSON.stringify({
    worldId: cart.worldId,
    timezone: cart.timezone,
    items: cart.items.map(serialiseItem),
  });
}

const isoInstant = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value))));
const someId = z.nullable(z.string().check(z.minLength(1)));
const storedCart = z.object({
  worldId: someId,
  timezone: z.enum(TIME_ZONES),
  items: z
    .array(
      z.object({
        startAt: isoInstant,
        endAt: isoInstant,
        capacity: z.int().check(z.gte(1), z.lte(MAX_CAPACITY)),
        isRehearsal: z.boolean(),
        eventAnnouncementId: someId,
      }),
    )
    .check(z.maxLength(MAX_CART_ITEMS)),
});

export class CartLoadError extends Error {
  override name = 'CartLoadError';
}

/**
 * Rebuilds a cart from its stored text; prices are recomputed (they are not stored) and items
 * that price at 0 or less are dropped. Throws CartLoadError on anything it cannot read.
 */
export function parseCart(text: string): Cart {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CartLoadError('the stored cart is not JSON');
  }
  const parsed = storedCart.safeParse(json);
  if (!parsed.success) throw new CartLoadError('the stored cart has an unexpected shape');
  const { worldId, timezone } = parsed.data;
  if (worldId === null && parsed.data.items.length > 0)
    throw new CartLoadError('items without a world');
  const items = keepPriced(
    parsed.data.items.map((item) => {
      const price = Date.parse(item.endAt) > Date.parse(item.startAt) ? priceYen(slotOf(item)) : 0;
      return { ...item, worldId: worldId ?? '', price };
    }),
  );
  return { items, worldId: items.length ? worldId : null, timezone };
}

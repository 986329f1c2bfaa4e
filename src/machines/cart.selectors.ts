// What the payment page reads from the cart machine's snapshot.
import type { CartSnapshot } from './cart.machine';

/** The cart and the notice about the last change. */
export const selectCart = (snapshot: CartSnapshot) => snapshot.context.cart;
export const selectCartNotice = (snapshot: CartSnapshot) => snapshot.context.notice;

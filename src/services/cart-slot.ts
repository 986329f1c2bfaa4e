// Where the cart lives between visits (localStorage key 'cart') and the signal that it was
// emptied, without the cart's rules: the session empties it on sign-in and sign-out from the
// root bundle, which must not carry zod and the time-zone data that reading a cart takes
// (./cart-storage.ts reads and writes it; the page budget, tests/build/page-budget.test.ts).
import { defaultWebStorage, type WebStorage } from './storage';

export const CART_STORAGE_KEY = 'cart';

export interface CartSlot {
  storage(): WebStorage;
  /** Removes the stored cart and calls every subscriber. */
  clear(): void;
  /** Called after every clear(); returns the unsubscribe function. */
  subscribe(onCleared: () => void): () => void;
}

export function createCartSlot(backing?: WebStorage): CartSlot {
  let storage = backing;
  const listeners = new Set<() => void>();
  const get = () => (storage ??= defaultWebStorage());
  return {
    storage: get,
    clear: () => {
      get().removeItem(CART_STORAGE_KEY);
      for (const listener of [...listeners]) listener();
    },
    subscribe: (onCleared) => {
      listeners.add(onCleared);
      return () => listeners.delete(onCleared);
    },
  };
}

/** The app's one cart slot (the storage is looked up on first use: importing it touches nothing). */
export const appCartSlot: CartSlot = createCartSlot();

/** For SessionProvider's clearCart: empties the stored cart and tells an open cart about it. */
export function clearStoredCart(): void {
  appCartSlot.clear();
}

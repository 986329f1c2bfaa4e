// The stored cart read and written in the serialised form of src/domain/cart.ts, in the slot of
// ./cart-slot.ts. The session clears that slot on sign-in and sign-out, and an open payment page
// hears about it through `subscribe`.
import { parseCart, serialiseCart, type Cart } from '../domain/cart';
import { appCartSlot, CART_STORAGE_KEY, createCartSlot, type CartSlot } from './cart-slot';
import type { WebStorage } from './storage';

export interface CartStorage {
  /** The stored cart, null when none; throws CartLoadError when what is stored cannot be read. */
  load(): Cart | null;
  save(cart: Cart): void;
  clear(): void;
  /** Called after every clear(); returns the unsubscribe function. */
  subscribe(onCleared: () => void): () => void;
}

function cartStorageIn(slot: CartSlot): CartStorage {
  return {
    load: () => {
      const text = slot.storage().getItem(CART_STORAGE_KEY);
      return text === null ? null : parseCart(text);
    },
    save: (cart) => {
      if (cart.items.length === 0) slot.storage().removeItem(CART_STORAGE_KEY);
      else slot.storage().setItem(CART_STORAGE_KEY, serialiseCart(cart));
    },
    clear: slot.clear,
    subscribe: slot.subscribe,
  };
}

export function createCartStorage(backing?: WebStorage): CartStorage {
  return cartStorageIn(createCartSlot(backing));
}

/** The app's one cart storage, on the slot the session clears. */
export const appCartStorage: CartStorage = cartStorageIn(appCartSlot);

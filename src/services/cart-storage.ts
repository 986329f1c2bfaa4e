// Where the cart lives between visits: localStorage key 'cart', in the serialised form of
// src/domain/cart.ts. The session clears it on sign-in and sign-out through `clear()`, and an
// open payment page hears about that through `subscribe`.
import { parseCart, serialiseCart, type Cart } from '../domain/cart';
import { createMemoryStorage } from './memory-storage';
import type { WebStorage } from './storage';

export const CART_STORAGE_KEY = 'cart';

export interface CartStorage {
  /** The stored cart, null when none; throws CartLoadError when what is stored cannot be read. */
  load(): Cart | null;
  save(cart: Cart): void;
  clear(): void;
  /** Called after every clear(); returns the unsubscribe function. */
  subscribe(onCleared: () => void): () => void;
}

function browserStorage(): WebStorage {
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // blocked site data: fall through to memory
  }
  return createMemoryStorage();
}

export function createCartStorage(backing?: WebStorage): CartStorage {
  let storage = backing;
  const get = () => (storage ??= browserStorage());
  const listeners = new Set<() => void>();
  return {
    load: () => {
      const text = get().getItem(CART_STORAGE_KEY);
      return text === null ? null : parseCart(text);
    },
    save: (cart) => {
      if (cart.items.length === 0) get().removeItem(CART_STORAGE_KEY);
      else get().setItem(CART_STORAGE_KEY, serialiseCart(cart));
    },
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

/** The app's one cart storage (created on first use, so importing it touches nothing). */
export const appCartStorage: CartStorage = createCartStorage();

/** For SessionProvider's clearCart: empties the stored cart and tells an open cart about it. */
export function clearStoredCart(): void {
  appCartStorage.clear();
}

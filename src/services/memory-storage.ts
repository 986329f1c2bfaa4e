/**
 * A Web Storage that lives in memory. The app falls back to it when the browser refuses
 * localStorage (blocked cookies, some private modes throw on access), so a session still
 * works for the lifetime of the tab; tests use it as a real Storage without a DOM.
 */
export function createMemoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    // Web Storage stringifies whatever it is given; match it so behaviour does not change
    // between the fallback and the real thing.
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => {
      items.clear();
    },
  };
}

import { describe, expect, it, vi } from 'vitest';
import { createChunkReloadGuard } from './chunk-reload';
import { createMemoryStorage } from './memory-storage';

function setup() {
  let now = 1_000_000;
  const storage = createMemoryStorage();
  return {
    storage,
    guard: () => createChunkReloadGuard({ storage, now: () => now }),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('chunk reload guard', () => {
  it('reloads a path the first time and remembers path and time in storage', () => {
    const { guard, storage } = setup();
    expect(guard().tryReload('/mypage/worlds')).toBe(true);
    expect(JSON.parse(storage.getItem('chunkReload') ?? '')).toEqual({
      path: '/mypage/worlds',
      at: 1_000_000,
    });
  });

  it('refuses a second reload of the same path within 10 seconds, across page loads', () => {
    const { guard, advance } = setup();
    guard().tryReload('/mypage/worlds');
    advance(9_999);
    // A new guard: the page has reloaded, only sessionStorage survived.
    expect(guard().tryReload('/mypage/worlds')).toBe(false);
  });

  it('allows the same path again after 10 seconds', () => {
    const { guard, advance } = setup();
    guard().tryReload('/mypage/worlds');
    advance(10_000);
    expect(guard().tryReload('/mypage/worlds')).toBe(true);
  });

  it('allows another path at once', () => {
    const { guard } = setup();
    guard().tryReload('/mypage/worlds');
    expect(guard().tryReload('/mypage/account')).toBe(true);
  });

  it('treats an unreadable record as none', () => {
    const { guard, storage } = setup();
    storage.setItem('chunkReload', '{not json');
    expect(guard().tryReload('/')).toBe(true);
  });
});

describe('chunk reload guard without storage', () => {
  it('never reloads when the browser refuses sessionStorage: nothing would stop a loop', () => {
    vi.stubGlobal('sessionStorage', undefined);
    try {
      expect(createChunkReloadGuard({ now: () => 0 }).tryReload('/')).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ignoresUnauthorized } from './session-expiry';

describe('ignoresUnauthorized', () => {
  it.each([
    '/contact',
    '/contact?from=footer',
    '/events/42',
    '/events/42/anything',
    '/worlds/7/enterGuest',
    '/worlds/7/enterGuest?token=x',
    '/worlds/abc/instantEnter',
    '/worlds/7/instantEnter/',
  ])('ignores a 401 on %s', (path) => {
    expect(ignoresUnauthorized(path)).toBe(true);
  });

  it.each([
    '/',
    '/mypage/worlds',
    '/worlds/7',
    '/worlds/7/gate',
    '/events',
    '/contacts',
    '/mypage/worlds/7/events/3',
    '/worlds/7/enterGuestX',
    '/signin?next=/contact',
  ])('acts on a 401 on %s', (path) => {
    expect(ignoresUnauthorized(path)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { type GuardLocation, type GuardSession, resolveGuard } from './guards';

const at = (pathname: string, search = '', extra: Partial<GuardLocation> = {}): GuardLocation => ({
  pathname,
  search,
  hash: '',
  ...extra,
});
const signedIn: GuardSession = { status: 'signedIn', isGuest: false };
const guest: GuardSession = { status: 'signedIn', isGuest: true };
const signedOut: GuardSession = { status: 'signedOut', isGuest: false };
const restoring: GuardSession = { status: 'restoring', isGuest: false };

describe('resolveGuard', () => {
  it.each(['auth', 'signed', 'none'])('knows the guard %s', (name) => {
    expect(resolveGuard(name)).toBeTypeOf('function');
  });

  it('throws on an unknown guard name', () => {
    expect(() => resolveGuard('admin')).toThrow('Unknown route guard: admin');
  });

  it('does not take inherited properties for guards', () => {
    expect(() => resolveGuard('toString')).toThrow('Unknown route guard: toString');
  });
});

describe('guard "signed" (/, /signin, /signup)', () => {
  const signed = resolveGuard('signed');

  it('sends a signed-in visitor on /signin to where they were going', () => {
    expect(signed(signedIn, at('/signin'))).toEqual({ kind: 'redirectToCallback' });
  });

  it('sends a signed-in visitor on / on as well', () => {
    expect(signed(signedIn, at('/'))).toEqual({ kind: 'redirectToCallback' });
  });

  it('shows the page to a signed-out visitor', () => {
    expect(signed(signedOut, at('/signin'))).toEqual({ kind: 'render' });
  });

  it('leaves the way on to the session just after signing in on the page', () => {
    expect(signed({ ...signedIn, previousStatus: 'signingIn' }, at('/signin'))).toEqual({
      kind: 'wait',
    });
  });

  it('sends on a user whose restored session is signed in', () => {
    expect(signed({ ...signedIn, previousStatus: 'restoring' }, at('/signin'))).toEqual({
      kind: 'redirectToCallback',
    });
  });

  it('keeps the sign-in form while signing in', () => {
    expect(signed({ status: 'signingIn', isGuest: false }, at('/signin'))).toEqual({
      kind: 'render',
    });
  });

  it('lets a guest sign in as a real user instead of bouncing between /signin and /mypage', () => {
    expect(signed(guest, at('/signin'))).toEqual({ kind: 'render' });
  });

  it('waits while the session is being restored', () => {
    expect(signed(restoring, at('/signin'))).toEqual({ kind: 'wait' });
  });
});

describe('guard "auth"', () => {
  const auth = resolveGuard('auth');

  it('sends a signed-out visitor on /mypage/account to /signin, remembering the path', () => {
    expect(auth(signedOut, at('/mypage/account', '?tab=email'))).toEqual({
      kind: 'redirect',
      to: '/signin',
      remember: '/mypage/account?tab=email',
    });
  });

  it('keeps the world id on the way to /signin from a world page', () => {
    const worldId = '0b9f2c0e-3a5c-4b7e-9f61-2f6d3f0a1c11';
    expect(auth(signedOut, at(`/worlds/${worldId}`, '', { worldId }))).toEqual({
      kind: 'redirect',
      to: `/signin?worldId=${worldId}`,
      remember: `/worlds/${worldId}`,
    });
  });

  it("keeps the query's worldId when a stored session is refused at start-up", () => {
    expect(auth(signedOut, at('/mypage/worlds', '?worldId=w-9'))).toEqual({
      kind: 'redirect',
      to: '/signin?worldId=w-9',
      remember: '/mypage/worlds?worldId=w-9',
    });
  });

  it.each(['signedIn', 'signingOut', 'expired'] as const)(
    'leaves the way to /signin to the session when signed out from %s on the page',
    (previousStatus) => {
      expect(auth({ ...signedOut, previousStatus }, at('/mypage/worlds'))).toEqual({
        kind: 'wait',
      });
    },
  );

  it('redirects when the session is found signed out after restoring', () => {
    expect(auth({ ...signedOut, previousStatus: 'restoring' }, at('/mypage/worlds'))).toMatchObject(
      { kind: 'redirect', to: '/signin' },
    );
  });

  it('sends a guest on /mypage to /signin, remembering the path', () => {
    expect(auth(guest, at('/mypage'))).toEqual({
      kind: 'redirect',
      to: '/signin',
      remember: '/mypage',
    });
    expect(auth(guest, at('/mypage/worlds'))).toEqual({
      kind: 'redirect',
      to: '/signin',
      remember: '/mypage/worlds',
    });
  });

  it('lets a guest into a world', () => {
    expect(auth(guest, at('/worlds/w1/gate'))).toEqual({ kind: 'render' });
  });

  it('does not take /mypagex for /mypage', () => {
    expect(auth(guest, at('/mypagex'))).toEqual({ kind: 'render' });
  });

  it('shows the page to a signed-in user', () => {
    expect(auth(signedIn, at('/mypage/account'))).toEqual({ kind: 'render' });
  });

  it.each(['restoring', 'signingIn', 'signingOut'] as const)(
    'waits while %s, rather than redirecting',
    (status) => {
      expect(auth({ status, isGuest: false }, at('/mypage/account'))).toEqual({ kind: 'wait' });
    },
  );

  it('sends a user whose session expired to /signin', () => {
    expect(auth({ status: 'expired', isGuest: false }, at('/mypage/account'))).toMatchObject({
      kind: 'redirect',
      to: '/signin',
    });
  });

  it('leaves an expired guest to the session error rather than redirecting', () => {
    expect(auth({ status: 'expired', isGuest: true }, at('/worlds/w1'))).toEqual({
      kind: 'render',
    });
  });
});

describe('guard "none"', () => {
  it('always shows the page', () => {
    const none = resolveGuard('none');
    expect(none(restoring, at('/contact'))).toEqual({ kind: 'render' });
    expect(none(signedOut, at('/contact'))).toEqual({ kind: 'render' });
  });
});

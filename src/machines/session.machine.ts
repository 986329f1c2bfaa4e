import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { ignoresUnauthorized, SESSION_EXPIRED_MESSAGE } from '../domain/session-expiry';
import type { components } from '../services/api/schema';
import type { AppError } from '../services/errors/app-error';
import { unprovidedAction, unprovidedActor } from './unprovided';

/** The signed-in account as the API answers it: a regular user or a guest (`isGuest`). */
export type User = components['schemas']['User'];

export interface SignInInput {
  email: string;
  password: string;
}

/**
 * What `restoreSession` finds: the stored session's user; `expiredGuest` when the stored session
 * was a guest's and the server refused it; null when there is none (or a user's is dead).
 */
export type RestoredSession = { user: User } | { expiredGuest: true } | null;

function storedUser(session: RestoredSession) {
  return session && 'user' in session
    ? { userId: session.user.id, isGuest: session.user.isGuest }
    : { userId: '', isGuest: false };
}

export type SessionEvent =
  | { type: 'session.signIn'; email: string; password: string; worldId?: string }
  /** Always asks the server to revoke the token first; a failed call still signs out here. */
  | { type: 'session.signOut' }
  /** The enter-guest page created a guest session; the API client has already stored its headers. */
  | { type: 'session.guestEntered'; user: User }
  /** An API call was answered 401 while the visitor was on `path` (worldId: from the page's query). */
  | { type: 'session.unauthorized'; path: string; worldId?: string }
  | { type: 'session.userUpdated'; user: User };

export interface SessionContext {
  user: User | null;
  /** The server's message from the last failed sign-in, shown on the sign-in page. */
  error: string | null;
  /** The worldId a sign-in in progress was started with, saved as latestWorldId on success. */
  worldId: string | null;
}

export type SessionStatus =
  'restoring' | 'signedOut' | 'signingIn' | 'signedIn' | 'signingOut' | 'expired';

export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actors: {
    restoreSession: unprovidedActor<RestoredSession>('session', 'restoreSession'),
    signIn: unprovidedActor<{ user: User }, SignInInput>('session', 'signIn'),
    signOut: unprovidedActor<void>('session', 'signOut'),
  },
  actions: {
    // Effects, provided by the app (src/app/session.tsx).
    /** Keeps the user's id, and whether it is a guest (so an expired guest session is told apart after a reload). */
    storeUser: unprovidedAction<{ userId: string; isGuest: boolean }>('session', 'storeUser'),
    clearCart: unprovidedAction('session', 'clearCart'),
    saveLatestWorldId: unprovidedAction<{ worldId: string }>('session', 'saveLatestWorldId'),
    /** Forgets every stored auth value: authAccessToken, authClient, authUid, userId. */
    clearStoredAuth: unprovidedAction('session', 'clearStoredAuth'),
    /** To the remembered auth callback path, else the given world, else /mypage/worlds. */
    navigateAfterSignIn: unprovidedAction<{ worldId?: string }>('session', 'navigateAfterSignIn'),
    /** To /signin, or /signin?worldId=… when a worldId is given; `expired` when a 401 ended the session. */
    navigateToSignIn: unprovidedAction<{ worldId?: string; expired?: boolean }>(
      'session',
      'navigateToSignIn',
    ),
    showError: unprovidedAction<AppError>('session', 'showError'),
    // Context.
    assignUser: assign((_, params: { user: User | null }) => ({ user: params.user })),
    clearUser: assign({ user: null }),
    assignError: assign((_, params: { error: unknown }) => ({
      error:
        params.error instanceof Error && params.error.message
          ? params.error.message
          : 'サインインに失敗しました。',
    })),
    clearError: assign({ error: null }),
    rememberWorldId: assign(({ event }) => {
      assertEvent(event, 'session.signIn');
      return { worldId: event.worldId ?? null };
    }),
    forgetWorldId: assign({ worldId: null }),
  },
  guards: {
    isGuest: ({ context }) => context.user?.isGuest === true,
    hasWorldId: ({ context }) => context.worldId !== null,
    found: (_, params: { session: RestoredSession }) =>
      params.session !== null && 'user' in params.session,
    guestExpired: (_, params: { session: RestoredSession }) =>
      params.session !== null && 'expiredGuest' in params.session,
    isExcludedPath: (_, params: { path: string }) => ignoresUnauthorized(params.path),
  },
}).createMachine({
  id: 'session',
  context: { user: null, error: null, worldId: null },
  initial: 'restoring',
  on: {
    // Whatever was going on, the stored session is now the guest's; reenter so signedIn picks guest.
    'session.guestEntered': {
      target: '.signedIn',
      reenter: true,
      actions: [
        { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
        {
          type: 'storeUser',
          params: ({ event }) => ({ userId: event.user.id, isGuest: event.user.isGuest }),
        },
        'clearError',
      ],
    },
  },
  states: {
    restoring: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => ({ session: event.output }) },
            target: 'signedIn',
            actions: [
              {
                type: 'assignUser',
                params: ({ event }) => ({
                  user: event.output && 'user' in event.output ? event.output.user : null,
                }),
              },
              { type: 'storeUser', params: ({ event }) => storedUser(event.output) },
            ],
          },
          // A guest's stored session was refused: the guest sees the error, not the sign-in page.
          {
            guard: { type: 'guestExpired', params: ({ event }) => ({ session: event.output }) },
            target: 'expired',
            actions: [
              'clearStoredAuth',
              { type: 'showError', params: { statusCode: 401, message: SESSION_EXPIRED_MESSAGE } },
            ],
          },
          // No session, or the server refused a user's: forget whatever was stored.
          { target: 'signedOut', actions: 'clearStoredAuth' },
        ],
        // The server could not be asked (offline): keep the stored session for the next load.
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      on: { 'session.signIn': { target: 'signingIn' } },
    },
    signingIn: {
      // A sign-in starts a new session: a guest's old headers must not outlive a failed attempt.
      entry: ['clearError', 'rememberWorldId', 'clearStoredAuth'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'session.signIn');
          return { email: event.email, password: event.password };
        },
        onDone: [
          {
            guard: 'hasWorldId',
            target: 'signedIn',
            actions: [
              { type: 'assignUser', params: ({ event }) => ({ user: event.output.user }) },
              {
                type: 'storeUser',
                params: ({ event }) => ({
                  userId: event.output.user.id,
                  isGuest: event.output.user.isGuest,
                }),
              },
              'clearCart',
              {
                type: 'saveLatestWorldId',
                params: ({ context }) => ({ worldId: context.worldId ?? '' }),
              },
              {
                type: 'navigateAfterSignIn',
                params: ({ context }) => ({ worldId: context.worldId ?? '' }),
              },
              'forgetWorldId',
            ],
          },
          {
            target: 'signedIn',
            actions: [
              { type: 'assignUser', params: ({ event }) => ({ user: event.output.user }) },
              {
                type: 'storeUser',
                params: ({ event }) => ({
                  userId: event.output.user.id,
                  isGuest: event.output.user.isGuest,
                }),
              },
              'clearCart',
              { type: 'navigateAfterSignIn', params: {} },
            ],
          },
        ],
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            'forgetWorldId',
          ],
        },
      },
    },
    signedIn: {
      initial: 'choosing',
      states: {
        // Transient: picks the substate from the user just assigned.
        choosing: {
          always: [{ guard: 'isGuest', target: 'guest' }, { target: 'user' }],
        },
        user: {
          on: {
            'session.unauthorized': [
              { guard: { type: 'isExcludedPath', params: ({ event }) => ({ path: event.path }) } },
              {
                target: '#session.signedOut',
                actions: [
                  'clearUser',
                  'clearStoredAuth',
                  {
                    type: 'navigateToSignIn',
                    params: ({ event }) => ({ worldId: event.worldId, expired: true }),
                  },
                ],
              },
            ],
          },
        },
        guest: {
          on: {
            'session.signIn': { target: '#session.signingIn' },
            // docs/product.md §6: a guest whose session ends sees an error, not the sign-in page.
            'session.unauthorized': [
              { guard: { type: 'isExcludedPath', params: ({ event }) => ({ path: event.path }) } },
              {
                target: '#session.expired',
                actions: {
                  type: 'showError',
                  params: { statusCode: 401, message: SESSION_EXPIRED_MESSAGE },
                },
              },
            ],
          },
        },
      },
      on: {
        'session.userUpdated': {
          actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
        },
        'session.signOut': { target: 'signingOut' },
      },
    },
    // A guest has no sign-out control (the error page is all there is): signing in, or entering
    // by the guest URL again (session.guestEntered, at the root), are the ways on.
    expired: {
      on: {
        'session.signIn': { target: 'signingIn' },
      },
    },
    signingOut: {
      initial: 'callingServer',
      states: {
        callingServer: {
          // The server revokes the token with the stored headers, so they are cleared after.
          invoke: { id: 'signOut', src: 'signOut', onDone: 'finished', onError: 'finished' },
        },
        finished: { type: 'final' },
      },
      onDone: {
        target: 'signedOut',
        actions: [
          'clearUser',
          'clearError',
          'clearCart',
          'clearStoredAuth',
          { type: 'navigateToSignIn', params: {} },
        ],
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const STATUSES: readonly SessionStatus[] = [
  'restoring',
  'signedOut',
  'signingIn',
  'signedIn',
  'signingOut',
  'expired',
];

/** The top-level state, for views and route guards. */
export function sessionStatus(snapshot: SessionSnapshot): SessionStatus {
  return STATUSES.find((status) => snapshot.matches(status)) ?? 'restoring';
}

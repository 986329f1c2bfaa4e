import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../services/api/schema';
import { toApiError } from '../services/errors/api-error';
import type {
  Entrance,
  EntranceAddress,
  EntranceKind,
  GuestEntryRequest,
} from '../services/guest-entry-api';
import { refusal } from './refusal';
import { unprovidedAction, unprovidedActor } from './unprovided';

// Entering a world as a guest (docs/product.md §2, §6; ADR 007): a guest link (enterGuest) or an
// instant entrance (instantEnter) is looked up, refused at once when it lets nobody in (a token
// that cannot be one, expired, used up, revoked, another world's, a removed person), else the
// visitor gives a name (and may pick a badge) and enters; the session learns the guest and the
// visitor goes on to the gate.

type User = components['schemas']['User'];

export type GuestEntryEvent =
  /** The page was opened with the URL's world and token. */
  | { type: 'guestEntry.opened'; kind: EntranceKind; worldId: string; token: string }
  | { type: 'guestEntry.nameChanged'; name: string }
  /** The name field lost focus: its error, once shown, follows what is typed. */
  | { type: 'guestEntry.nameLeft' }
  /** '' is "なし". */
  | { type: 'guestEntry.badgeChosen'; badgeId: string }
  | { type: 'guestEntry.submitted' };

export interface GuestEntryContext extends EntranceAddress {
  entrance: Entrance | null;
  /** Why this page lets nobody in: shown instead of the form. */
  refusal: string | null;
  name: string;
  badgeId: string;
  /** The name field's errors, once the form was sent. */
  nameErrors: string[] | null;
  /** The server's messages from the last refused entry. */
  errors: string[];
  /** Failed attempts: each moves the focus to the error summary. */
  failures: number;
}

export const NAME_MAX = 50;

export const guestEntryTexts = {
  badLink:
    'ゲスト用のURLが正しくありません。主催者から届いたURLを、もう一度そのまま開いてください。',
  badInstant: 'かんたん入場のURLが正しくありません。主催者から届いたURLをそのまま開いてください。',
  linkNotFound: 'このゲスト用URLは見つかりませんでした。主催者に確認してください。',
  linkClosed:
    'このゲスト用URLは、有効期限が切れたか使用できなくなっています。主催者に新しいURLをお尋ねください。',
  lookUpFailed: 'かんたん入場の情報を読み込めませんでした。時間をおいてもう一度お試しください。',
  nameMissing: 'お名前を入力してください。',
  nameTooLong: `お名前は${NAME_MAX}文字以内で入力してください。`,
};

// A guest link's token is 16 to 100 URL-safe characters; anything else is asked of no server.
const LINK_TOKEN = /^[A-Za-z0-9_-]{16,100}$/;

/** The name's problems (GuestEntryRequest, InstantEnterRequest: 1 to 50 characters). */
function nameProblems(name: string): string[] | null {
  const trimmed = name.trim();
  if (trimmed === '') return [guestEntryTexts.nameMissing];
  if (trimmed.length > NAME_MAX) return [guestEntryTexts.nameTooLong];
  return null;
}

function lookUpRefusal(kind: EntranceKind, error: unknown): string {
  const { status, messages } = toApiError(error);
  if (kind === 'link' && status === 404) return guestEntryTexts.linkNotFound;
  return messages.join(' ') || guestEntryTexts.lookUpFailed;
}

export const guestEntryMachine = setup({
  types: {} as { context: GuestEntryContext; events: GuestEntryEvent },
  actors: {
    lookUpEntrance: unprovidedActor<Entrance, EntranceAddress>('guestEntry', 'lookUpEntrance'),
    /** Asks the bot check (when configured) and enters; answers the guest, whose headers the API client stored. */
    enter: unprovidedActor<User, GuestEntryRequest>('guestEntry', 'enter'),
  },
  actions: {
    // Effects, provided by the app (src/app/actors/guest-entry-actor.ts).
    /** The session learns the guest (session.guestEntered). */
    startGuestSession: unprovidedAction<{ user: User }>('guestEntry', 'startGuestSession'),
    goToGate: unprovidedAction<{ worldId: string }>('guestEntry', 'goToGate'),
    // Context.
    assignAddress: assign(({ event }) => {
      assertEvent(event, 'guestEntry.opened');
      return { kind: event.kind, worldId: event.worldId, token: event.token };
    }),
    refuse: assign((_, params: { refusal: string }) => ({ refusal: params.refusal })),
    assignEntrance: assign((_, params: { entrance: Entrance }) => ({
      entrance: params.entrance,
      name: params.entrance.guestName ?? '',
    })),
    assignName: assign(({ event }) => {
      assertEvent(event, 'guestEntry.nameChanged');
      return { name: event.name };
    }),
    checkName: assign(({ context }) => ({ nameErrors: nameProblems(context.name) })),
    assignBadge: assign(({ event }) => {
      assertEvent(event, 'guestEntry.badgeChosen');
      return { badgeId: event.badgeId };
    }),
    refuseName: assign(({ context }) => ({
      nameErrors: nameProblems(context.name),
      errors: [],
      failures: context.failures + 1,
    })),
    clearErrors: assign({ nameErrors: null, errors: [] }),
    refuseEntry: assign(({ context }, params: { error: unknown }) =>
      refusal(context.failures, params.error),
    ),
  },
  guards: {
    tokenWellFormed: ({ event }) => {
      assertEvent(event, 'guestEntry.opened');
      return event.kind === 'link' ? LINK_TOKEN.test(event.token) : event.token !== '';
    },
    // A link of another world opens nothing here.
    letsIn: ({ context }, params: { entrance: Entrance }) =>
      params.entrance.open && params.entrance.worldId === context.worldId,
    nameValid: ({ context }) => nameProblems(context.name) === null,
    nameShownWrong: ({ context }) => context.nameErrors !== null,
  },
}).createMachine({
  id: 'guestEntry',
  context: {
    kind: 'link',
    worldId: '',
    token: '',
    entrance: null,
    refusal: null,
    name: '',
    badgeId: '',
    nameErrors: null,
    errors: [],
    failures: 0,
  },
  initial: 'opening',
  states: {
    opening: {
      on: {
        'guestEntry.opened': [
          { guard: 'tokenWellFormed', target: 'lookingUp', actions: 'assignAddress' },
          {
            target: 'refused',
            actions: [
              'assignAddress',
              {
                type: 'refuse',
                params: ({ event }) => ({
                  refusal:
                    event.kind === 'link' ? guestEntryTexts.badLink : guestEntryTexts.badInstant,
                }),
              },
            ],
          },
        ],
      },
    },
    lookingUp: {
      invoke: {
        id: 'lookUpEntrance',
        src: 'lookUpEntrance',
        input: ({ context: { kind, worldId, token } }) => ({ kind, worldId, token }),
        onDone: [
          {
            guard: { type: 'letsIn', params: ({ event }) => ({ entrance: event.output }) },
            target: 'naming',
            actions: {
              type: 'assignEntrance',
              params: ({ event }) => ({ entrance: event.output }),
            },
          },
          {
            target: 'refused',
            actions: {
              type: 'refuse',
              params: ({ event }) => ({
                refusal: event.output.message ?? guestEntryTexts.linkClosed,
              }),
            },
          },
        ],
        onError: {
          target: 'refused',
          actions: {
            type: 'refuse',
            params: ({ context, event }) => ({ refusal: lookUpRefusal(context.kind, event.error) }),
          },
        },
      },
    },
    refused: {},
    naming: {
      on: {
        'guestEntry.nameChanged': { actions: 'assignName' },
        'guestEntry.nameLeft': { guard: 'nameShownWrong', actions: 'checkName' },
        'guestEntry.badgeChosen': { actions: 'assignBadge' },
        'guestEntry.submitted': [
          { guard: 'nameValid', target: 'entering', actions: 'clearErrors' },
          { actions: 'refuseName' },
        ],
      },
    },
    entering: {
      invoke: {
        id: 'enter',
        src: 'enter',
        input: ({ context: { kind, worldId, token, name, badgeId } }) => ({
          kind,
          worldId,
          token,
          name: name.trim(),
          ...(badgeId ? { badgeId } : {}),
        }),
        onDone: {
          target: 'entered',
          actions: [
            { type: 'startGuestSession', params: ({ event }) => ({ user: event.output }) },
            { type: 'goToGate', params: ({ context }) => ({ worldId: context.worldId }) },
          ],
        },
        onError: {
          target: 'naming',
          actions: { type: 'refuseEntry', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    entered: { type: 'final' },
  },
});

export type GuestEntrySnapshot = SnapshotFrom<typeof guestEntryMachine>;

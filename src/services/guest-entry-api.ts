// Entering a world as a guest (ADR 007): by a guest link (its token) or by one of the world's
// instant entrances, for the guest entry machine (src/machines/guest-entry.machine.ts). A refusal
// is thrown as an ApiError ({ status, messages }).
import type { ApiClient } from './api/client';
import type { components } from './api/schema';
import { dataOf } from './errors/api-error';

type User = components['schemas']['User'];
type Badge = components['schemas']['EnterGuestEditableBadge'];
type Introduction = components['schemas']['EnterGuestEditableIntroduction'];

/** A guest link (enterGuest) or an instant entrance (instantEnter). */
export type EntranceKind = 'link' | 'instant';

/** What the server says of an entrance, the same for both kinds. */
export interface Entrance {
  /** The world the entrance opens. */
  worldId: string;
  worldName: string | null;
  /** The server lets people in now: a link not expired, used up or revoked; an instant entrance open to the caller. */
  open: boolean;
  /** Why not, in the server's words (an instant entrance); null when open or not said. */
  message: string | null;
  /** The name the link knows (a registrant's or a personal link); null for anyone. */
  guestName: string | null;
  introduction: Introduction | null;
  badges: Badge[];
  /** An instant entrance's attendees now and capacity; null for a link. */
  seats: { current: number; capacity: number } | null;
}

export interface EntranceAddress {
  kind: EntranceKind;
  worldId: string;
  token: string;
}

export async function lookUpEntrance(
  api: ApiClient,
  { kind, worldId, token }: EntranceAddress,
): Promise<Entrance> {
  if (kind === 'link') {
    const { data: info } = await dataOf(() =>
      api.GET('/api/world_guest_tokens/{id}', { params: { path: { id: token } } }),
    );
    return {
      worldId: info.worldId,
      worldName: info.worldName,
      open: info.valid,
      message: null,
      guestName: info.guestName,
      introduction: info.introduction,
      badges: info.badges,
      seats: null,
    };
  }
  const { data: right } = await dataOf(() =>
    api.GET('/api/worlds/{id}/my_instant_enter_access_right', {
      params: { path: { id: worldId }, query: { token } },
    }),
  );
  return {
    worldId,
    worldName: null,
    open: right.available,
    message: right.message,
    guestName: null,
    introduction: null,
    badges: [],
    seats: { current: right.currentAttendees, capacity: right.capacity },
  };
}

export interface GuestEntryRequest extends EntranceAddress {
  name: string;
  badgeId?: string;
  botToken?: string;
}

/** Creates the guest and its session (the API client stores its headers); answers the guest. */
export async function enterAsGuest(
  api: ApiClient,
  { kind, worldId, token, name, badgeId, botToken }: GuestEntryRequest,
): Promise<User> {
  const { data } = await dataOf(() =>
    kind === 'link'
      ? api.POST('/api/world_guest_tokens/{id}', {
          params: { path: { id: token } },
          body: { name, ...(badgeId ? { badgeId } : {}), ...(botToken ? { botToken } : {}) },
        })
      : api.POST('/api/worlds/{id}/my_instant_enter_access_right', {
          params: { path: { id: worldId } },
          // The contract requires a token; without a configured bot check the server does not read it.
          body: { token, name, botToken: botToken ?? 'not-configured' },
        }),
  );
  return data.data;
}

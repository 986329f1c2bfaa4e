// The meeting calls of the contract (openapi/paths/meetings.yaml, realtime.yaml), for the
// meeting statechart's actors and the world pages. Failures throw MeetingApiError with the
// server's Japanese messages, so a machine can put them on screen as they are.
import type { ApiClient } from '../api/client';
import { ApiError, dataOf as dataOrThrow, toApiError } from '../errors/api-error';
import type { components } from '../api/schema';
import { TicketRefusedError } from '../realtime/realtime-client';
import type { MeetingJoin } from './provider';

export type MeetingAttendee = components['schemas']['ChimeMeetingAttendee'];
export type WorldView = components['schemas']['WorldView'];
export type ForcedDevice = components['schemas']['ForceDeviceRequest']['device'];

/** A failed meeting call; the one reading of `{ errors: [...] }` is ../errors/api-error.ts. */
export class MeetingApiError extends ApiError {
  override name = 'MeetingApiError';
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The data of a successful answer; otherwise MeetingApiError (status 0: no answer at all). */
export async function dataOf<T>(call: () => Promise<Result<T>>): Promise<T> {
  try {
    return (await dataOrThrow(call)).data;
  } catch (error) {
    const failure = toApiError(error);
    throw new MeetingApiError(failure.status, failure.messages);
  }
}

const meeting = (worldId: string, id: string) => ({ params: { path: { world_id: worldId, id } } });

export function joinMeeting(
  api: ApiClient,
  worldId: string,
  spaceId: string,
): Promise<MeetingJoin> {
  return dataOf(() =>
    api.POST('/api/worlds/{world_id}/chime_meetings', {
      params: { path: { world_id: worldId } },
      body: { spaceId },
    }),
  );
}

/**
 * Starts watching the stage's live stream (ADR 026): the receive-only join of its meeting. The
 * server refuses (422) when the stage is not live.
 */
export async function watchStage(
  api: ApiClient,
  worldId: string,
  spaceId: string,
): Promise<MeetingJoin> {
  const answer = await dataOf(() =>
    api.PATCH('/api/worlds/{world_id}/watching_streamings/{id}', {
      ...meeting(worldId, spaceId),
      body: { mode: 'watching' },
    }),
  );
  if (!answer.join) throw new MeetingApiError(500, []);
  return answer.join;
}

/**
 * Listens to a table (hearingTable, ADR 038): the receive-only join of its meeting, audio only.
 * The server refuses (422) a hall or stage, a closed, empty or mesh table, or one's own.
 */
export function listenToTable(
  api: ApiClient,
  worldId: string,
  spaceId: string,
): Promise<MeetingJoin> {
  return dataOf(() => api.PUT('/api/worlds/{world_id}/listenings/{id}', meeting(worldId, spaceId)));
}

export type LiveStreaming = components['schemas']['LiveStreaming'];
export type LiveStreamingUpdate = components['schemas']['UpdateLiveStreamingRequest'];

/** The stage's live stream ({id}: the stage's space id). */
export function getLiveStreaming(
  api: ApiClient,
  worldId: string,
  spaceId: string,
): Promise<LiveStreaming> {
  return dataOf(() =>
    api.GET('/api/worlds/{world_id}/live_streamings/{id}', meeting(worldId, spaceId)),
  );
}

/** Starts or stops the stage's live stream (owner and staff). */
export function updateLiveStreaming(
  api: ApiClient,
  worldId: string,
  spaceId: string,
  body: LiveStreamingUpdate,
): Promise<LiveStreaming> {
  return dataOf(() =>
    api.PATCH('/api/worlds/{world_id}/live_streamings/{id}', {
      ...meeting(worldId, spaceId),
      body,
    }),
  );
}

export async function leaveMeeting(
  api: ApiClient,
  worldId: string,
  meetingId: string,
): Promise<void> {
  await dataOf(() =>
    api.POST('/api/worlds/{world_id}/chime_meetings/{id}/leave', meeting(worldId, meetingId)),
  );
}

/** The attendees in the meeting now (left ones excluded). */
export async function listAttendees(
  api: ApiClient,
  worldId: string,
  meetingId: string,
): Promise<MeetingAttendee[]> {
  const detail = await dataOf(() =>
    api.GET('/api/worlds/{world_id}/chime_meetings/{id}', meeting(worldId, meetingId)),
  );
  return detail.attendees.filter((a) => a.leftAt === null);
}

export function forceDevice(
  api: ApiClient,
  worldId: string,
  meetingId: string,
  input: { userId: string; device: ForcedDevice; disabled: boolean },
): Promise<MeetingAttendee> {
  return dataOf(() =>
    api.POST('/api/worlds/{world_id}/chime_meetings/{id}/force_devices', {
      ...meeting(worldId, meetingId),
      body: input,
    }),
  );
}

/** Mute all: every other microphone of the meeting forced off, by the same rule (ADR 035). */
export function muteAll(
  api: ApiClient,
  worldId: string,
  meetingId: string,
): Promise<{ mutedUserIds: string[] }> {
  return dataOf(() =>
    api.POST('/api/worlds/{world_id}/chime_meetings/{id}/mute_all', meeting(worldId, meetingId)),
  );
}

/** Kicks a user out of all the world's meetings. */
export async function kickFromMeetings(
  api: ApiClient,
  worldId: string,
  userId: string,
): Promise<void> {
  await dataOf(() =>
    api.POST('/api/worlds/{world_id}/chime_meetings/kick', {
      params: { path: { world_id: worldId } },
      body: { userId },
    }),
  );
}

/**
 * Removes the chosen users from this meeting at once (owner and staff): each hears
 * meeting.kicked, as after a kick. Refused as a whole (nobody removed) when one of them may not be.
 */
export function batchKick(
  api: ApiClient,
  worldId: string,
  meetingId: string,
  userIds: string[],
): Promise<{ kickedCount: number }> {
  return dataOf(() =>
    api.POST('/api/worlds/{world_id}/chime_meetings/{id}/batch_kick', {
      ...meeting(worldId, meetingId),
      body: { userIds },
    }),
  );
}

/**
 * A realtime ticket for the world's socket. 401, 403 and 404 (signed out, not a member, no such
 * world) cannot get better by asking again: TicketRefusedError tells the client to stop.
 */
export async function createRealtimeTicket(api: ApiClient, worldId: string): Promise<string> {
  try {
    const { ticket } = await dataOf(() =>
      api.POST('/api/worlds/{world_id}/realtime_tickets', {
        params: { path: { world_id: worldId } },
      }),
    );
    return ticket;
  } catch (error) {
    if (error instanceof MeetingApiError && [401, 403, 404].includes(error.status))
      throw new TicketRefusedError(error.status);
    throw error;
  }
}

// The recording calls of the contract (chime_meeting_recordings, ADR 025) for the recording
// statechart's actors. Failures throw MeetingApiError with the server's Japanese messages.
import type { ApiClient } from '../api/client';
import type { components } from '../api/schema';
import { dataOf, MeetingApiError } from './meeting-api';

export type Recording = components['schemas']['ChimeMeetingRecording'];

type Ids = { worldId: string; meetingId: string; recordingId: string | null };

const world = (worldId: string) => ({ path: { world_id: worldId } });

export function startRecording(api: ApiClient, { worldId, meetingId }: Ids): Promise<Recording> {
  return dataOf(() =>
    api.POST('/api/worlds/{world_id}/chime_meeting_recordings', {
      params: world(worldId),
      body: { meetingId },
    }),
  );
}

/** Stops the meeting's running recording (found in the list when this page did not start it). */
export async function stopRecording(api: ApiClient, ids: Ids): Promise<Recording> {
  let id = ids.recordingId;
  if (!id) {
    const page = await dataOf(() =>
      api.GET('/api/worlds/{world_id}/chime_meeting_recordings', {
        params: { ...world(ids.worldId), query: { page: 1, perPage: 20 } },
      }),
    );
    id =
      page.items.find((r) => r.meetingId === ids.meetingId && r.status === 'recording')?.id ?? null;
  }
  if (!id) throw new MeetingApiError(422, ['このミーティングの録画中の録画が見つかりません。']);
  const recordingId = id;
  return dataOf(() =>
    api.PATCH('/api/worlds/{world_id}/chime_meeting_recordings/{id}', {
      params: { path: { world_id: ids.worldId, id: recordingId } },
      body: { stop: true },
    }),
  );
}

/** Polls the recording until it is ready or failed. */
export async function watchRecording(
  api: ApiClient,
  { worldId, recordingId }: Ids,
  everyMs = 1000,
): Promise<Recording> {
  for (;;) {
    const recording = await dataOf(() =>
      api.GET('/api/worlds/{world_id}/chime_meeting_recordings/{id}', {
        params: { path: { world_id: worldId, id: recordingId! } },
      }),
    );
    if (recording.status === 'ready' || recording.status === 'failed') return recording;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

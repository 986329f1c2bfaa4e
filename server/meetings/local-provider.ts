import { randomUUID } from 'node:crypto';
import { newSecret } from '../auth/secrets';
import { realtimePath } from '../realtime/tickets';
import type { MediaRooms } from './media-rooms';
import type { MeetingProvider } from './provider';

/**
 * The built-in meetings: signalled over our own WebSocket, so every media URL points there.
 * Without a media server the media goes browser to browser (the mesh, `local`); with one, every
 * browser sends to the media server of the process that started the meeting, which forwards
 * (`sfu`, ADR 023, ADR 039). Its rooms are keyed by the MeetingId made here. Nothing is kept
 * outside the database and the media servers' memory.
 */
export function createLocalMeetingProvider(
  appUrl: string,
  media?: Pick<MediaRooms, 'processId' | 'leave' | 'close'>,
): MeetingProvider {
  const socketUrl = `${appUrl.replace(/^http/, 'ws')}${realtimePath}`;
  return {
    name: media ? 'sfu' : 'local',
    mediaHost: media?.processId,
    async createMeeting({ externalMeetingId }) {
      return {
        MeetingId: randomUUID(),
        ExternalMeetingId: externalMeetingId,
        MediaRegion: 'local',
        MediaPlacement: {
          AudioHostUrl: socketUrl,
          AudioFallbackUrl: socketUrl,
          SignalingUrl: socketUrl,
          TurnControlUrl: socketUrl,
          ScreenDataUrl: socketUrl,
          ScreenViewingUrl: socketUrl,
          ScreenSharingUrl: socketUrl,
          EventIngestionUrl: socketUrl,
        },
      };
    },
    async createAttendee(_meeting, userId) {
      return { AttendeeId: randomUUID(), ExternalUserId: userId, JoinToken: newSecret() };
    },
    async deleteAttendee(meeting, attendeeId) {
      media?.leave(meeting.MeetingId, attendeeId);
    },
    async deleteMeeting(meeting) {
      media?.close(meeting.MeetingId);
    },
  };
}

/** Spaces with at most this many seats meet on the mesh under the embedded default (ADR 023). */
const MESH_MAX_SEATS = 3;

/**
 * The built-in meetings with a choice per space, made when a space's meeting starts (a running
 * meeting stays where it is):
 * - `embedded`, the default (ADR 023): a space of up to MESH_MAX_SEATS seats on the mesh, a larger
 *   one (the hall, a table of four or more) on the media server;
 * - `local`: every space on the mesh;
 * and in both a stage on the media server, which is what watchers receive from (ADR 026). Leaving
 * and ending go through the media server's provider, which does nothing for a room it does not
 * have, so a mesh meeting ends the same way.
 */
export function createEmbeddedMeetingProvider(
  appUrl: string,
  media: MediaRooms,
  rule: 'embedded' | 'local',
): MeetingProvider {
  const mesh = createLocalMeetingProvider(appUrl);
  const server = createLocalMeetingProvider(appUrl, media);
  return {
    ...server,
    forSpace(space, live) {
      if (live === mesh.name) return mesh;
      if (live === server.name) return server;
      if (space.kind === 'stage') return server;
      return rule === 'embedded' && space.capacity > MESH_MAX_SEATS ? server : mesh;
    },
  };
}

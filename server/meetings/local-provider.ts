import { randomUUID } from 'node:crypto';
import { newSecret } from '../auth/secrets';
import { realtimePath } from '../realtime/tickets';
import type { MediaServer } from './media-server';
import type { MeetingProvider } from './provider';

/**
 * The built-in meetings: signalled over our own WebSocket, so every media URL points there.
 * Without a media server the media goes browser to browser (the mesh, `local`); with one, every
 * browser sends to this server, which forwards (`sfu`, ADR 023). Its rooms are keyed by the
 * MeetingId made here. Nothing is kept outside the database and the media server's memory.
 */
export function createLocalMeetingProvider(appUrl: string, media?: MediaServer): MeetingProvider {
  const socketUrl = `${appUrl.replace(/^http/, 'ws')}${realtimePath}`;
  return {
    name: media ? 'sfu' : 'local',
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

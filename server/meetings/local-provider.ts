import { randomUUID } from 'node:crypto';
import { newSecret } from '../auth/secrets';
import { realtimePath } from '../realtime/tickets';
import type { MeetingProvider } from './provider';

/**
 * The built-in WebRTC mesh: the media goes browser to browser and the signalling over our own
 * WebSocket, so every media URL points there. Nothing is kept outside the database.
 */
export function createLocalMeetingProvider(appUrl: string): MeetingProvider {
  const socketUrl = `${appUrl.replace(/^http/, 'ws')}${realtimePath}`;
  return {
    name: 'local',
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
    async deleteAttendee() {},
    async deleteMeeting() {},
  };
}

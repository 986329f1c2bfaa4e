import { randomUUID } from 'node:crypto';
import {
  ChimeSDKMeetingsClient,
  CreateAttendeeCommand,
  CreateMeetingCommand,
  DeleteAttendeeCommand,
  DeleteMeetingCommand,
  type Meeting,
} from '@aws-sdk/client-chime-sdk-meetings';
import { HttpError } from '../http/errors';
import { createChimeLiveConnector, type LiveConnector } from './live-connector';
import { MeetingGoneError, type MeetingProvider, type ProviderMeeting } from './provider';

export const chimeMessages = {
  unavailable: 'ビデオ会議サービスに接続できませんでした。しばらくしてからもう一度お試しください。',
} as const;

/** Chime's errors that pass with time: the caller may try again (503). */
const transient = new Set([
  'ThrottlingException',
  'ServiceUnavailableException',
  'ServiceFailureException',
  'LimitExceededException',
  'TooManyRequestsException',
]);

function errorName(err: unknown): string | undefined {
  return err instanceof Error ? err.name : undefined;
}

/** Transient failures become a 503 with a message; configuration errors (credentials, bad input) stay 500. */
function mapError(err: unknown): never {
  if (transient.has(errorName(err) ?? '')) throw new HttpError(503, chimeMessages.unavailable);
  throw err;
}

function meetingJson(meeting: Meeting | undefined, externalMeetingId: string): ProviderMeeting {
  if (!meeting?.MeetingId) throw new Error('Chime answered CreateMeeting without a meeting');
  const p = meeting.MediaPlacement ?? {};
  return {
    MeetingId: meeting.MeetingId,
    ...(meeting.MeetingArn ? { MeetingArn: meeting.MeetingArn } : {}),
    ExternalMeetingId: meeting.ExternalMeetingId ?? externalMeetingId,
    MediaRegion: meeting.MediaRegion ?? '',
    MediaPlacement: {
      AudioHostUrl: p.AudioHostUrl ?? '',
      AudioFallbackUrl: p.AudioFallbackUrl ?? '',
      SignalingUrl: p.SignalingUrl ?? '',
      TurnControlUrl: p.TurnControlUrl ?? '',
      ScreenDataUrl: p.ScreenDataUrl ?? '',
      ScreenViewingUrl: p.ScreenViewingUrl ?? '',
      ScreenSharingUrl: p.ScreenSharingUrl ?? '',
      EventIngestionUrl: p.EventIngestionUrl ?? '',
    },
  };
}

/**
 * Amazon Chime SDK meetings. Credentials come from the AWS default chain; the client is passed
 * in by tests (aws-sdk-client-mock).
 */
export function createChimeMeetingProvider(options: {
  region: string;
  mediaRegion: string;
  client?: ChimeSDKMeetingsClient;
  liveConnector?: LiveConnector;
}): MeetingProvider {
  const client = options.client ?? new ChimeSDKMeetingsClient({ region: options.region });
  return {
    name: 'chime',
    liveConnector: options.liveConnector ?? createChimeLiveConnector({ region: options.region }),
    async createMeeting({ externalMeetingId }) {
      const out = await client
        .send(
          new CreateMeetingCommand({
            ClientRequestToken: randomUUID(),
            ExternalMeetingId: externalMeetingId,
            MediaRegion: options.mediaRegion,
          }),
        )
        .catch(mapError);
      return meetingJson(out.Meeting, externalMeetingId);
    },
    async createAttendee(meeting, userId, { watching = false } = {}) {
      const out = await client
        .send(
          new CreateAttendeeCommand({
            MeetingId: meeting.MeetingId,
            ExternalUserId: userId,
            // A watcher receives only (ADR 026): Chime refuses its microphone, camera and share.
            ...(watching
              ? { Capabilities: { Audio: 'Receive', Video: 'Receive', Content: 'Receive' } }
              : {}),
          }),
        )
        .catch((err: unknown) => {
          if (errorName(err) === 'NotFoundException') throw new MeetingGoneError(meeting.MeetingId);
          return mapError(err);
        });
      const attendee = out.Attendee;
      if (!attendee?.AttendeeId || !attendee.JoinToken)
        throw new Error('Chime answered CreateAttendee without an attendee');
      return {
        AttendeeId: attendee.AttendeeId,
        ExternalUserId: attendee.ExternalUserId ?? userId,
        JoinToken: attendee.JoinToken,
      };
    },
    async deleteAttendee(meeting, attendeeId) {
      await client
        .send(new DeleteAttendeeCommand({ MeetingId: meeting.MeetingId, AttendeeId: attendeeId }))
        .catch((err: unknown) =>
          errorName(err) === 'NotFoundException' ? undefined : mapError(err),
        );
    },
    async deleteMeeting(meeting) {
      await client
        .send(new DeleteMeetingCommand({ MeetingId: meeting.MeetingId }))
        .catch((err: unknown) =>
          errorName(err) === 'NotFoundException' ? undefined : mapError(err),
        );
    },
  };
}

import {
  ChimeSDKMeetingsClient,
  CreateAttendeeCommand,
  CreateMeetingCommand,
  DeleteAttendeeCommand,
  DeleteMeetingCommand,
  NotFoundException,
  ServiceUnavailableException,
  ForbiddenException,
} from '@aws-sdk/client-chime-sdk-meetings';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../server/http/errors';
import { chimeMessages, createChimeMeetingProvider } from '../../server/meetings/chime-provider';
import { MeetingGoneError } from '../../server/meetings/provider';

const chime = mockClient(ChimeSDKMeetingsClient);
const provider = createChimeMeetingProvider({
  region: 'ap-northeast-1',
  mediaRegion: 'ap-northeast-1',
  client: new ChimeSDKMeetingsClient({ region: 'ap-northeast-1' }),
});
const meetingId = '0b6ad2f1-2b3c-4d5e-8f90-123456789abc';
const placement = {
  AudioHostUrl: 'https://audio.example',
  AudioFallbackUrl: 'wss://fallback.example',
  SignalingUrl: 'wss://signal.example',
  TurnControlUrl: 'https://turn.example',
  ScreenDataUrl: 'wss://screen.example',
  ScreenViewingUrl: 'wss://view.example',
  ScreenSharingUrl: 'wss://share.example',
  EventIngestionUrl: 'https://events.example',
};
const meeting = {
  MeetingId: meetingId,
  ExternalMeetingId: 'space-1',
  MediaRegion: 'ap-northeast-1',
  MediaPlacement: placement,
};
const meta = { $metadata: {} };

beforeEach(() => chime.reset());

describe('Chime meeting provider', () => {
  it('creates a meeting with the space as ExternalMeetingId in the media region, and an attendee for the user', async () => {
    chime.on(CreateMeetingCommand).resolves({ Meeting: meeting });
    chime.on(CreateAttendeeCommand).resolves({
      Attendee: { AttendeeId: 'att-1', ExternalUserId: 'user-1', JoinToken: 'token' },
    });
    expect(await provider.createMeeting({ externalMeetingId: 'space-1' })).toEqual(meeting);
    const create = chime.commandCalls(CreateMeetingCommand)[0]!.args[0].input;
    expect(create).toMatchObject({ ExternalMeetingId: 'space-1', MediaRegion: 'ap-northeast-1' });
    expect(create.ClientRequestToken).toMatch(/^[0-9a-f-]{36}$/);

    expect(await provider.createAttendee(meeting, 'user-1')).toEqual({
      AttendeeId: 'att-1',
      ExternalUserId: 'user-1',
      JoinToken: 'token',
    });
    expect(chime.commandCalls(CreateAttendeeCommand)[0]!.args[0].input).toEqual({
      MeetingId: meetingId,
      ExternalUserId: 'user-1',
    });
  });

  it('deletes attendees and meetings, and takes one already gone as done', async () => {
    chime
      .on(DeleteAttendeeCommand)
      .rejects(new NotFoundException({ message: 'gone', $metadata: {} }));
    chime.on(DeleteMeetingCommand).resolves(meta);
    await provider.deleteAttendee(meeting, 'att-1');
    await provider.deleteMeeting(meeting);
    expect(chime.commandCalls(DeleteAttendeeCommand)[0]!.args[0].input).toEqual({
      MeetingId: meetingId,
      AttendeeId: 'att-1',
    });
    expect(chime.commandCalls(DeleteMeetingCommand)[0]!.args[0].input).toEqual({
      MeetingId: meetingId,
    });
  });

  it('maps an ended meeting to MeetingGoneError, a passing outage to 503, and keeps other errors', async () => {
    chime
      .on(CreateAttendeeCommand)
      .rejects(new NotFoundException({ message: 'no meeting', $metadata: {} }));
    await expect(provider.createAttendee(meeting, 'user-1')).rejects.toBeInstanceOf(
      MeetingGoneError,
    );

    chime
      .on(CreateMeetingCommand)
      .rejects(new ServiceUnavailableException({ message: 'busy', $metadata: {} }));
    const outage = await provider
      .createMeeting({ externalMeetingId: 'space-1' })
      .catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(HttpError);
    expect(outage).toMatchObject({ statusCode: 503, messages: [chimeMessages.unavailable] });

    chime
      .on(DeleteMeetingCommand)
      .rejects(new ForbiddenException({ message: 'no rights', $metadata: {} }));
    await expect(provider.deleteMeeting(meeting)).rejects.toBeInstanceOf(ForbiddenException);
  });
});

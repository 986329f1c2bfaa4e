// The stage's live stream with AWS (ADR 026): the real server with MEETING_PROVIDER=chime, its
// Chime SDK clients mocked (aws-sdk-client-mock) and their requests' shapes asserted.
import {
  ChimeSDKMediaPipelinesClient,
  CreateMediaLiveConnectorPipelineCommand,
  DeleteMediaPipelineCommand,
  ForbiddenException,
} from '@aws-sdk/client-chime-sdk-media-pipelines';
import {
  ChimeSDKMeetingsClient,
  CreateAttendeeCommand,
  CreateMeetingCommand,
  DeleteAttendeeCommand,
} from '@aws-sdk/client-chime-sdk-meetings';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { liveStreamings } from '../../server/db/schema';
import { streamingMessages } from '../../server/meetings/streaming';
import { viewerCount } from '../../server/meetings/watcher-count';
import { useTestServer } from './support/app';
import { addStage, removeStage } from './support/layouts';
import { testDbKind } from './support/database';
import { worldPeople } from './support/world-members';

const chime = mockClient(ChimeSDKMeetingsClient);
const pipelines = mockClient(ChimeSDKMediaPipelinesClient);
const t = useTestServer({ env: { AWS_REGION: 'ap-northeast-1', MEETING_PROVIDER: 'chime' } });
const people = worldPeople(t);
const meetingArn =
  'arn:aws:chime:ap-northeast-1:111122223333:meeting/0b6ad2f1-2b3c-4d5e-8f90-123456789abc';
const rtmpUrl = 'rtmps://a.rtmps.youtube.com:443/live2/abcd-efgh-ijkl';
let attendees = 0;

beforeEach(() => {
  chime.reset();
  pipelines.reset();
  chime.on(CreateMeetingCommand).callsFake(async () => ({
    Meeting: {
      MeetingId: '0b6ad2f1-2b3c-4d5e-8f90-123456789abc',
      MeetingArn: meetingArn,
      ExternalMeetingId: 'stage',
      MediaRegion: 'ap-northeast-1',
      MediaPlacement: {
        AudioHostUrl: 'https://audio.example',
        AudioFallbackUrl: 'wss://fallback.example',
        SignalingUrl: 'wss://signal.example',
        TurnControlUrl: 'https://turn.example',
        ScreenDataUrl: 'wss://screen.example',
        ScreenViewingUrl: 'wss://view.example',
        ScreenSharingUrl: 'wss://share.example',
        EventIngestionUrl: 'https://events.example',
      },
    },
  }));
  chime.on(CreateAttendeeCommand).callsFake(async (input: { ExternalUserId: string }) => ({
    Attendee: {
      AttendeeId: `attendee-${++attendees}`,
      ExternalUserId: input.ExternalUserId,
      JoinToken: 'token',
    },
  }));
  chime.on(DeleteAttendeeCommand).resolves({});
});

describe(`live streaming with AWS on ${testDbKind}`, () => {
  it('sends the stage through a media live connector to the RTMP(S) URL, watchers receive only', async () => {
    const { owner, world, members } = await people.world(['user']);
    const stage = await addStage(t, world.id);
    const w = (path: string) => `/api/worlds/${world.id}/${path}`;
    const call = (
      method: 'GET' | 'PATCH' | 'POST',
      url: string,
      headers: object,
      payload?: object,
    ) =>
      t.app.inject({
        method,
        url,
        headers: headers as Record<string, string>,
        ...(payload ? { payload } : {}),
      });
    const stream = w(`live_streamings/${stage.id}`);

    expect((await call('GET', stream, owner.headers)).json().destinationUrlRequired).toBe(true);
    const joined = await call('POST', w('chime_meetings'), owner.headers, { spaceId: stage.id });
    expect(joined.json()).toMatchObject({ provider: 'chime', meeting: { MeetingArn: meetingArn } });

    const noUrl = await call('PATCH', stream, owner.headers, { status: 'live' });
    expect([noUrl.statusCode, noUrl.json().errors]).toEqual([422, [streamingMessages.urlRequired]]);
    const http = await call('PATCH', stream, owner.headers, {
      status: 'live',
      destinationUrl: 'https://www.youtube.com/live',
    });
    expect([http.statusCode, http.json().errors]).toEqual([422, [streamingMessages.notRtmp]]);
    expect(pipelines.commandCalls(CreateMediaLiveConnectorPipelineCommand)).toHaveLength(0);

    // The media service refuses: failed with the reason, nothing left running.
    pipelines
      .on(CreateMediaLiveConnectorPipelineCommand)
      .rejectsOnce(new ForbiddenException({ message: 'denied', $metadata: {} }));
    const refused = await call('PATCH', stream, owner.headers, {
      status: 'live',
      destinationUrl: rtmpUrl,
    });
    expect(refused.json()).toMatchObject({
      status: 'failed',
      failureReason: '配信を開始できませんでした（ForbiddenException）。',
      startedAt: null,
    });

    pipelines.on(CreateMediaLiveConnectorPipelineCommand).resolves({
      MediaLiveConnectorPipeline: { MediaPipelineId: 'pipeline-1' },
    });
    const live = await call('PATCH', stream, owner.headers, {
      status: 'live',
      destinationUrl: rtmpUrl,
    });
    expect(live.json()).toMatchObject({ status: 'live', failureReason: null });
    expect(JSON.stringify(live.json())).not.toContain('abcd-efgh-ijkl');
    const create = pipelines.commandCalls(CreateMediaLiveConnectorPipelineCommand).at(-1)!.args[0]
      .input;
    expect(create).toMatchObject({
      Sources: [
        {
          SourceType: 'ChimeSdkMeeting',
          ChimeSdkMeetingLiveConnectorConfiguration: {
            Arn: meetingArn,
            MuxType: 'AudioWithCompositedVideo',
            CompositedVideo: {
              Layout: 'GridView',
              GridViewConfiguration: { ContentShareLayout: 'PresenterOnly' },
            },
          },
        },
      ],
      Sinks: [
        {
          SinkType: 'RTMP',
          RTMPConfiguration: { Url: rtmpUrl, AudioChannels: 'Stereo', AudioSampleRate: '48000' },
        },
      ],
    });
    expect(create.ClientRequestToken).toMatch(/^[0-9a-f-]{36}$/);

    // A watcher is a receive-only attendee of the stage's meeting.
    const watch = await call('PATCH', w(`watching_streamings/${stage.id}`), members[0]!.headers, {
      mode: 'watching',
    });
    expect(watch.json().join).toMatchObject({ provider: 'chime', watching: true });
    expect(chime.commandCalls(CreateAttendeeCommand).at(-1)!.args[0].input).toEqual({
      MeetingId: '0b6ad2f1-2b3c-4d5e-8f90-123456789abc',
      ExternalUserId: members[0]!.id,
      Capabilities: { Audio: 'Receive', Video: 'Receive', Content: 'Receive' },
    });
    expect(chime.commandCalls(CreateAttendeeCommand)[0]!.args[0].input).not.toHaveProperty(
      'Capabilities',
    );

    pipelines.on(DeleteMediaPipelineCommand).resolves({});
    const stopped = await call('PATCH', stream, owner.headers, { status: 'ended' });
    expect(stopped.json()).toMatchObject({ status: 'ended', viewerCount: 0 });
    expect(pipelines.commandCalls(DeleteMediaPipelineCommand).map((c) => c.args[0].input)).toEqual([
      { MediaPipelineId: 'pipeline-1' },
    ]);
    // The watcher's attendance ended at Chime too.
    expect(
      chime.commandCalls(DeleteAttendeeCommand).map((c) => c.args[0].input.AttendeeId),
    ).toContain(watch.json().join.attendee.AttendeeId);
  });

  // Three ways an emptied stage's stream ends by itself: the grace runs out, a layout save
  // removes the stage, or the owner deletes the world.
  const ends = {
    'the stage has stayed empty past the grace period': async () => {
      t.clock.advance(61);
    },
    'a layout save removes the stage': async (worldId: string, headers: Record<string, string>) => {
      await removeStage(t, worldId, headers);
      // By the save itself, not at the next empty-stage pass (which would catch it too).
      expect(pipelines.commandCalls(DeleteMediaPipelineCommand)).toHaveLength(1);
    },
    'the owner deletes the world': async (worldId: string, headers: Record<string, string>) => {
      const url = `/api/mypage/worlds/${worldId}`;
      expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
      // By the delete itself, not at the next empty-stage pass (which would catch it too).
      expect(pipelines.commandCalls(DeleteMediaPipelineCommand)).toHaveLength(1);
    },
  };

  it.each(Object.entries(ends))('stops the connector when %s', async (_, end) => {
    const { owner, world, members } = await people.world(['user']);
    const stage = await addStage(t, world.id);
    const w = (path: string) => `/api/worlds/${world.id}/${path}`;
    const headers = (h: object) => h as Record<string, string>;
    const joined = await t.app.inject({
      method: 'POST',
      url: w('chime_meetings'),
      headers: headers(owner.headers),
      payload: { spaceId: stage.id },
    });
    pipelines.on(CreateMediaLiveConnectorPipelineCommand).resolves({
      MediaLiveConnectorPipeline: { MediaPipelineId: 'pipeline-2' },
    });
    pipelines.on(DeleteMediaPipelineCommand).resolves({});
    const stream = w(`live_streamings/${stage.id}`);
    await t.app.inject({
      method: 'PATCH',
      url: stream,
      headers: headers(owner.headers),
      payload: { status: 'live', destinationUrl: rtmpUrl },
    });
    await t.app.inject({
      method: 'PATCH',
      url: w(`watching_streamings/${stage.id}`),
      headers: headers(members[0]!.headers),
      payload: { mode: 'watching' },
    });
    await t.app.inject({
      method: 'POST',
      url: w(`chime_meetings/${joined.json().id}/leave`),
      headers: headers(owner.headers),
    });
    expect(pipelines.commandCalls(DeleteMediaPipelineCommand)).toHaveLength(0);

    await end(world.id, headers(owner.headers));
    await vi.waitFor(
      () =>
        expect(
          pipelines.commandCalls(DeleteMediaPipelineCommand).map((c) => c.args[0].input),
        ).toEqual([{ MediaPipelineId: 'pipeline-2' }]),
      { timeout: 15_000, interval: 100 },
    );
    const [ended] = await t.database.db
      .select()
      .from(liveStreamings)
      .where(eq(liveStreamings.spaceId, stage.id));
    expect(ended).toMatchObject({ status: 'ended', pipelineId: null });
    expect(await viewerCount(t.database.db, stage.id)).toBe(0);
  });
});

import {
  ChimeSDKMediaPipelinesClient,
  CreateMediaCapturePipelineCommand,
  CreateMediaConcatenationPipelineCommand,
  DeleteMediaCapturePipelineCommand,
  GetMediaPipelineCommand,
} from '@aws-sdk/client-chime-sdk-media-pipelines';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { chimeRecorderMessages, createChimeRecorder } from '../../server/meetings/chime-recorder';
import { RecordingError } from '../../server/meetings/recorder';

// The real SDK clients with their transport replaced (aws-sdk-client-mock); presigning is local.
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' };
const pipelinesClient = new ChimeSDKMediaPipelinesClient({ region: 'ap-northeast-1', credentials });
const s3Client = new S3Client({ region: 'ap-northeast-1', credentials });
const pipelines = mockClient(pipelinesClient);
const s3 = mockClient(s3Client);

const worldId = '00000000-0000-4000-8000-00000000000a';
const recordingId = '00000000-0000-4000-8000-0000000000e1';
const meetingArn =
  'arn:aws:chime:ap-northeast-1:123456789012:meeting/0d1e2f30-0000-4000-8000-000000000001';
const captureArn = 'arn:aws:chime:ap-northeast-1:123456789012:media-pipeline/cap-1';
const prefix = `recordings/${worldId}/${recordingId}`;
const meeting = {
  MeetingId: '0d1e2f30-0000-4000-8000-000000000001',
  MeetingArn: meetingArn,
  ExternalMeetingId: 'space',
  MediaRegion: 'ap-northeast-1',
  MediaPlacement: {} as never,
};

const recorder = () =>
  createChimeRecorder({
    region: 'ap-northeast-1',
    bucket: 'worlds-recordings',
    pipelines: pipelinesClient,
    s3: s3Client,
    pollMs: 1,
    maxWaitMs: 50,
  });

beforeEach(() => {
  pipelines.reset();
  s3.reset();
});

describe('recording with Amazon Chime', () => {
  it('starts a media capture pipeline of the meeting into the bucket', async () => {
    pipelines.on(CreateMediaCapturePipelineCommand).resolves({
      MediaCapturePipeline: { MediaPipelineArn: captureArn, MediaPipelineId: 'cap-1' },
    });
    const storage = await recorder().start({ recordingId, worldId, meeting, onFailed: () => {} });
    expect(JSON.parse(storage)).toEqual({ prefix, captureArn });
    const [call] = pipelines.commandCalls(CreateMediaCapturePipelineCommand);
    expect(call!.args[0].input).toMatchObject({
      SourceType: 'ChimeSdkMeeting',
      SourceArn: meetingArn,
      SinkType: 'S3Bucket',
      SinkArn: `arn:aws:s3:::worlds-recordings/${prefix}/capture`,
      ClientRequestToken: recordingId,
      ChimeSdkMeetingConfiguration: {
        ArtifactsConfiguration: {
          Audio: { MuxType: 'AudioWithCompositedVideo' },
          CompositedVideo: { Layout: 'GridView' },
        },
      },
    });
  });

  it('refuses a meeting without an ARN before calling Chime', async () => {
    const start = recorder().start({
      recordingId,
      worldId,
      meeting: { ...meeting, MeetingArn: undefined },
      onFailed: () => {},
    });
    await expect(start).rejects.toThrow(new RecordingError(chimeRecorderMessages.noArn));
    expect(pipelines.calls()).toHaveLength(0);
  });

  it('on stop deletes the capture, concatenates its chunks and reports the MP4', async () => {
    pipelines.on(DeleteMediaCapturePipelineCommand).resolves({});
    pipelines
      .on(CreateMediaConcatenationPipelineCommand)
      .resolves({ MediaConcatenationPipeline: { MediaPipelineId: 'cat-1' } });
    pipelines
      .on(GetMediaPipelineCommand)
      .resolvesOnce({ MediaPipeline: { MediaConcatenationPipeline: { Status: 'InProgress' } } })
      .resolves({ MediaPipeline: { MediaConcatenationPipeline: { Status: 'Stopped' } } });
    s3.on(ListObjectsV2Command).resolves({
      Contents: [
        { Key: `${prefix}/concatenated/audio/a.mp4`, Size: 10 },
        { Key: `${prefix}/concatenated/composited-video/v.mp4`, Size: 12345 },
      ],
    });
    const file = await recorder().finish(JSON.stringify({ prefix, captureArn }));
    expect(file).toEqual({ byteSize: 12345, durationSeconds: null });
    expect(pipelines.commandCalls(DeleteMediaCapturePipelineCommand)[0]!.args[0].input).toEqual({
      MediaPipelineId: 'cap-1',
    });
    const concat = pipelines.commandCalls(CreateMediaConcatenationPipelineCommand)[0]!.args[0]
      .input;
    expect(concat.Sources).toEqual([
      expect.objectContaining({
        Type: 'MediaCapturePipeline',
        MediaCapturePipelineSourceConfiguration: expect.objectContaining({
          MediaPipelineArn: captureArn,
          ChimeSdkMeetingConfiguration: {
            ArtifactsConfiguration: expect.objectContaining({
              Audio: { State: 'Enabled' },
              CompositedVideo: { State: 'Enabled' },
            }),
          },
        }),
      }),
    ]);
    expect(concat.Sinks).toEqual([
      {
        Type: 'S3Bucket',
        S3BucketSinkConfiguration: {
          Destination: `arn:aws:s3:::worlds-recordings/${prefix}/concatenated`,
        },
      },
    ]);
    expect(pipelines.commandCalls(GetMediaPipelineCommand)).toHaveLength(2);
  });

  it('a failed concatenation is a failure with its reason', async () => {
    pipelines
      .on(DeleteMediaCapturePipelineCommand)
      .rejects(Object.assign(new Error('gone'), { name: 'NotFoundException' }));
    pipelines
      .on(CreateMediaConcatenationPipelineCommand)
      .resolves({ MediaConcatenationPipeline: { MediaPipelineId: 'cat-1' } });
    pipelines
      .on(GetMediaPipelineCommand)
      .resolves({ MediaPipeline: { MediaConcatenationPipeline: { Status: 'Failed' } } });
    await expect(recorder().finish(JSON.stringify({ prefix, captureArn }))).rejects.toThrow(
      chimeRecorderMessages.failed,
    );
  });

  it('removes every object under the prefix and signs downloads of the MP4', async () => {
    s3.on(ListObjectsV2Command).resolves({
      Contents: [
        { Key: `${prefix}/capture/1.mp4` },
        { Key: `${prefix}/concatenated/composited-video/v.mp4`, Size: 5 },
      ],
    });
    s3.on(DeleteObjectsCommand).resolves({});
    pipelines.on(DeleteMediaCapturePipelineCommand).resolves({});
    const storage = JSON.stringify({ prefix, captureArn });
    const url = new URL(
      await recorder().downloadUrl(storage, new Date(Date.now() + 900_000), '定例'),
    );
    expect(url.origin).toBe('https://worlds-recordings.s3.ap-northeast-1.amazonaws.com');
    expect(url.pathname).toBe(`/${prefix}/concatenated/composited-video/v.mp4`);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(890);
    expect(url.searchParams.get('response-content-disposition')).toContain('.mp4');
    await recorder().remove(storage);
    expect(s3.commandCalls(DeleteObjectsCommand)[0]!.args[0].input).toEqual({
      Bucket: 'worlds-recordings',
      Delete: {
        Objects: [
          { Key: `${prefix}/capture/1.mp4` },
          { Key: `${prefix}/concatenated/composited-video/v.mp4` },
        ],
      },
    });
    expect(s3.commandCalls(ListObjectsV2Command)[0]!.args[0].input).toMatchObject({
      Bucket: 'worlds-recordings',
    });
  });
});

// Recording with Amazon Chime (ADR 025): a media capture pipeline writes the meeting's chunks
// (audio with the composited grid video) to S3; on stop it is deleted and a concatenation
// pipeline joins the chunks into one MP4 under the same prefix, downloaded through S3 presigned
// GET URLs. Credentials come from the AWS default chain; tests pass clients (aws-sdk-client-mock).
import { randomUUID } from 'node:crypto';
import {
  ChimeSDKMediaPipelinesClient,
  CreateMediaCapturePipelineCommand,
  CreateMediaConcatenationPipelineCommand,
  DeleteMediaCapturePipelineCommand,
  GetMediaPipelineCommand,
} from '@aws-sdk/client-chime-sdk-media-pipelines';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type Recorder, RecordingError } from './recorder';

export const chimeRecorderMessages = {
  noArn: 'このミーティングは録画できません（Amazon Chime のミーティングARNがありません）。',
  failed: 'Amazon Chime で録画ファイルを作れませんでした。',
  noFile: 'Amazon Chime の録画ファイルが見つかりませんでした。',
  timedOut: 'Amazon Chime の録画ファイルの作成が時間内に終わりませんでした。',
} as const;

type Stored = { prefix: string; captureArn: string; concatenationId?: string };

export function createChimeRecorder(options: {
  region: string;
  bucket: string;
  pipelines?: ChimeSDKMediaPipelinesClient;
  s3?: S3Client;
  /** How often and how long the concatenation is waited for. */
  pollMs?: number;
  maxWaitMs?: number;
}): Recorder {
  const pipelines =
    options.pipelines ?? new ChimeSDKMediaPipelinesClient({ region: options.region });
  const s3 = options.s3 ?? new S3Client({ region: options.region });
  const { bucket } = options;
  const pollMs = options.pollMs ?? 5000;
  const maxWaitMs = options.maxWaitMs ?? 30 * 60_000;
  const sinkArn = (prefix: string) => `arn:aws:s3:::${bucket}/${prefix}`;
  const parse = (storage: string) => JSON.parse(storage) as Stored;

  async function objects(prefix: string) {
    const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/` }));
    return out.Contents ?? [];
  }

  /** The concatenated MP4 (composited video with audio). */
  async function concatenated(prefix: string) {
    const found = (await objects(`${prefix}/concatenated`)).find(
      (o) => o.Key?.includes('/composited-video/') && o.Key.endsWith('.mp4'),
    );
    if (!found?.Key) throw new RecordingError(chimeRecorderMessages.noFile);
    return { key: found.Key, size: found.Size ?? 0 };
  }

  return {
    name: 'chime',
    async start({ recordingId, worldId, meeting }) {
      if (!meeting.MeetingArn) throw new RecordingError(chimeRecorderMessages.noArn);
      const prefix = `recordings/${worldId}/${recordingId}`;
      const out = await pipelines.send(
        new CreateMediaCapturePipelineCommand({
          SourceType: 'ChimeSdkMeeting',
          SourceArn: meeting.MeetingArn,
          SinkType: 'S3Bucket',
          SinkArn: sinkArn(`${prefix}/capture`),
          ClientRequestToken: recordingId,
          ChimeSdkMeetingConfiguration: {
            ArtifactsConfiguration: {
              Audio: { MuxType: 'AudioWithCompositedVideo' },
              Video: { State: 'Disabled' },
              Content: { State: 'Disabled' },
              CompositedVideo: {
                Layout: 'GridView',
                Resolution: 'HD',
                GridViewConfiguration: { ContentShareLayout: 'PresenterOnly' },
              },
            },
          },
        }),
      );
      const captureArn = out.MediaCapturePipeline?.MediaPipelineArn;
      if (!captureArn) throw new Error('Chime answered CreateMediaCapturePipeline without an ARN');
      return JSON.stringify({ prefix, captureArn } satisfies Stored);
    },

    async finish(storage) {
      const stored = parse(storage);
      const captureId = stored.captureArn.slice(stored.captureArn.lastIndexOf('/') + 1);
      await pipelines
        .send(new DeleteMediaCapturePipelineCommand({ MediaPipelineId: captureId }))
        .catch((err: unknown) => {
          // Chime ends the capture itself when the meeting ends.
          if (!(err instanceof Error && err.name === 'NotFoundException')) throw err;
        });
      const out = await pipelines.send(
        new CreateMediaConcatenationPipelineCommand({
          ClientRequestToken: randomUUID(),
          Sources: [
            {
              Type: 'MediaCapturePipeline',
              MediaCapturePipelineSourceConfiguration: {
                MediaPipelineArn: stored.captureArn,
                ChimeSdkMeetingConfiguration: {
                  ArtifactsConfiguration: {
                    Audio: { State: 'Enabled' },
                    Video: { State: 'Disabled' },
                    Content: { State: 'Disabled' },
                    DataChannel: { State: 'Disabled' },
                    TranscriptionMessages: { State: 'Disabled' },
                    MeetingEvents: { State: 'Disabled' },
                    CompositedVideo: { State: 'Enabled' },
                  },
                },
              },
            },
          ],
          Sinks: [
            {
              Type: 'S3Bucket',
              S3BucketSinkConfiguration: { Destination: sinkArn(`${stored.prefix}/concatenated`) },
            },
          ],
        }),
      );
      const concatenationId = out.MediaConcatenationPipeline?.MediaPipelineId;
      if (!concatenationId) throw new RecordingError(chimeRecorderMessages.failed);
      for (let waited = 0; ; waited += pollMs) {
        const got = await pipelines.send(
          new GetMediaPipelineCommand({ MediaPipelineId: concatenationId }),
        );
        const status = got.MediaPipeline?.MediaConcatenationPipeline?.Status;
        if (status === 'Stopped') break;
        if (status === 'Failed') throw new RecordingError(chimeRecorderMessages.failed);
        if (waited >= maxWaitMs) throw new RecordingError(chimeRecorderMessages.timedOut);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
      const file = await concatenated(stored.prefix);
      return { byteSize: file.size, durationSeconds: null };
    },

    async remove(storage) {
      const { prefix, captureArn } = parse(storage);
      await pipelines
        .send(
          new DeleteMediaCapturePipelineCommand({
            MediaPipelineId: captureArn.slice(captureArn.lastIndexOf('/') + 1),
          }),
        )
        .catch(() => {});
      const found = await objects(prefix);
      if (found.length === 0) return;
      await s3.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: found.map((o) => ({ Key: o.Key! })) },
        }),
      );
    },

    async downloadUrl(storage, expiresAt, title) {
      const fileName = `${title}.mp4`;
      const file = await concatenated(parse(storage).prefix);
      return getSignedUrl(
        s3,
        new GetObjectCommand({
          Bucket: bucket,
          Key: file.key,
          ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        }),
        { expiresIn: Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000)) },
      );
    },
  };
}

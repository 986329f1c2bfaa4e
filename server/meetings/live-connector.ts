// Live streaming out of Amazon Chime (ADR 026): a media live connector pipeline takes the stage's
// meeting (audio with the composited video, content share first) to the RTMP(S) URL the owner
// gave (YouTube Live, Amazon IVS). Credentials come from the AWS default chain; tests pass the
// client (aws-sdk-client-mock).
import { randomUUID } from 'node:crypto';
import {
  ChimeSDKMediaPipelinesClient,
  CreateMediaLiveConnectorPipelineCommand,
  DeleteMediaPipelineCommand,
} from '@aws-sdk/client-chime-sdk-media-pipelines';

export interface LiveConnector {
  /** Starts sending the meeting (its ARN) to the URL; answers the pipeline id. */
  start(meetingArn: string, rtmpUrl: string): Promise<string>;
  /** Stops the pipeline; one already gone counts as stopped. */
  stop(pipelineId: string): Promise<void>;
}

export function createChimeLiveConnector(options: {
  region: string;
  client?: ChimeSDKMediaPipelinesClient;
}): LiveConnector {
  const client = options.client ?? new ChimeSDKMediaPipelinesClient({ region: options.region });
  return {
    async start(meetingArn, rtmpUrl) {
      const out = await client.send(
        new CreateMediaLiveConnectorPipelineCommand({
          ClientRequestToken: randomUUID(),
          Sources: [
            {
              SourceType: 'ChimeSdkMeeting',
              ChimeSdkMeetingLiveConnectorConfiguration: {
                Arn: meetingArn,
                MuxType: 'AudioWithCompositedVideo',
                CompositedVideo: {
                  Layout: 'GridView',
                  Resolution: 'FHD',
                  GridViewConfiguration: { ContentShareLayout: 'PresenterOnly' },
                },
              },
            },
          ],
          Sinks: [
            {
              SinkType: 'RTMP',
              RTMPConfiguration: {
                Url: rtmpUrl,
                AudioChannels: 'Stereo',
                AudioSampleRate: '48000',
              },
            },
          ],
        }),
      );
      const id = out.MediaLiveConnectorPipeline?.MediaPipelineId;
      if (!id) throw new Error('Chime answered CreateMediaLiveConnectorPipeline without an id');
      return id;
    },
    async stop(pipelineId) {
      await client
        .send(new DeleteMediaPipelineCommand({ MediaPipelineId: pipelineId }))
        .catch((err: unknown) => {
          if (!(err instanceof Error && err.name === 'NotFoundException')) throw err;
        });
    },
  };
}

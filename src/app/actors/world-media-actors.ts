// The world's recording (ADR 025) and the stage's live stream (ADR 026): their actors with the
// API provided, part of the world system (./world-actors.ts), which starts and stops them. The
// recording follows the meeting the visitor is in and the realtime meeting.recording; the live
// stream is told its stage by the page that reads the layout (streaming.stageChanged) and follows
// that stage's realtime liveStreaming messages.
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { liveStreamingMachine } from '../../machines/live-streaming.machine';
import {
  liveStreamingEventFromRealtime,
  selectStageId,
} from '../../machines/live-streaming.selectors';
import type { meetingMachine } from '../../machines/meeting.machine';
import { recordingMachine } from '../../machines/recording.machine';
import {
  recordingEventFromRealtime,
  selectRecordingOnJoin,
} from '../../machines/recording.selectors';
import type { ApiClient } from '../../services/api/client';
import {
  getLiveStreaming,
  updateLiveStreaming,
  type LiveStreamingUpdate,
} from '../../services/meeting/meeting-api';
import {
  startRecording,
  stopRecording,
  watchRecording,
} from '../../services/meeting/recordings-api';
import type { RealtimeClient } from '../../services/realtime/realtime-client';

type Ids = { worldId: string; meetingId: string; recordingId: string | null };

/** The recording and live stream actors, not started; `start` starts and feeds them. */
export function createWorldMediaActors(api: ApiClient, worldId: string) {
  const recording = createActor(
    recordingMachine.provide({
      actors: {
        startRecording: fromPromise(({ input }: { input: Ids }) => startRecording(api, input)),
        stopRecording: fromPromise(({ input }: { input: Ids }) => stopRecording(api, input)),
        watchRecording: fromPromise(({ input }: { input: Ids }) => watchRecording(api, input)),
      },
    }),
    { input: { worldId } },
  );
  const liveStream = createActor(
    liveStreamingMachine.provide({
      actors: {
        loadStreaming: fromPromise(({ input }: { input: { stageId: string } }) =>
          getLiveStreaming(api, worldId, input.stageId),
        ),
        updateStreaming: fromPromise(
          ({ input }: { input: { stageId: string; body: LiveStreamingUpdate } }) =>
            updateLiveStreaming(api, worldId, input.stageId, input.body),
        ),
      },
    }),
  );
  let unwire: (() => void) | null = null;
  return {
    actors: { recording, liveStream },
    /** Starts them, fed by the meeting and the realtime messages. */
    start(
      meeting: ActorRefFrom<typeof meetingMachine>,
      messages: Pick<RealtimeClient, 'subscribe'>,
    ) {
      recording.start();
      liveStream.start();
      // The meeting one is in, and whether its join answer said it is being recorded.
      let joined: ReturnType<typeof selectRecordingOnJoin> | null = null;
      const followJoin = (snapshot: ReturnType<typeof meeting.getSnapshot>) => {
        const next = selectRecordingOnJoin(snapshot);
        if (joined?.meetingId === next.meetingId && joined.recording === next.recording) return;
        joined = next;
        recording.send({ type: 'recording.meetingChanged', ...next });
      };
      followJoin(meeting.getSnapshot());
      const followed = meeting.subscribe(followJoin);
      const unsubscribe = messages.subscribe((message) => {
        const toRecording = recordingEventFromRealtime(message);
        if (toRecording) recording.send(toRecording);
        const stageId = selectStageId(liveStream.getSnapshot());
        const toLiveStream = liveStreamingEventFromRealtime(message, stageId);
        if (toLiveStream) liveStream.send(toLiveStream);
      });
      unwire = () => {
        followed.unsubscribe();
        unsubscribe();
      };
    },
    stop() {
      unwire?.();
      recording.stop();
      liveStream.stop();
    },
  };
}

// The recorder port (ADR 025): where a meeting's recording is captured and kept. Local: the media
// server writes WebM under DATA_DIR, downloaded through this server's signed URLs. Chime: a media
// capture pipeline to S3, then a concatenation pipeline, downloaded through S3 presigned URLs.
import { stat } from 'node:fs/promises';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MediaStreamTrack, type RtpPacket } from 'werift';
import { MediaRecorder } from 'werift/nonstandard';
import type { LocalStorage } from '../files/local-storage';
import type { MediaServer } from './media-server';
import type { ProviderMeeting } from './provider';
import { RecordingComposer, vp8Size } from './recording-composer';

/** A failure whose message (Japanese) is the recording's failure reason. */
export class RecordingError extends Error {}

export const recorderMessages = {
  noMedia: '録画できる映像がありませんでした（カメラも画面共有も届いていません）。',
  writeFailed: '録画ファイルを書き込めませんでした。',
  notRunning: 'この録画はこのサーバーで行われていません（サーバーが再起動した可能性があります）。',
} as const;

type RecordingStart = {
  recordingId: string;
  worldId: string;
  meeting: ProviderMeeting;
  /** The capture failed on its own (the writer): the recording fails with `reason`. */
  onFailed(reason: string): void;
};

export interface Recorder {
  readonly name: 'local' | 'chime';
  /** Starts capturing; resolves to what the recorder keeps about it (JSON, `storage`). */
  start(input: RecordingStart): Promise<string>;
  /** Ends capturing and finishes the file; throws RecordingError with the reason when it cannot. */
  finish(storage: string): Promise<{ byteSize: number; durationSeconds: number | null }>;
  /** Removes whatever was written (failed, deleted, interrupted); nothing there is fine. */
  remove(storage: string): Promise<void>;
  /** A URL that downloads the finished file until `expiresAt`. */
  downloadUrl(storage: string, expiresAt: Date, title: string): Promise<string>;
}

/**
 * The WebM file of a composer's two tracks, opened at the first video packet (a key frame: the
 * composer starts video there) so that the header carries the picture's real size. Packets that
 * come while werift's writer opens wait and follow in order.
 */
function webmWriter(composer: RecordingComposer, path: string, onError: () => void) {
  const sinks = new Map([
    [
      composer.video.track,
      new MediaStreamTrack({ kind: 'video', codec: composer.video.track.codec }),
    ],
    [
      composer.audio.track,
      new MediaStreamTrack({ kind: 'audio', codec: composer.audio.track.codec }),
    ],
  ]);
  let recorder: MediaRecorder | null = null;
  let opening: Promise<void> | null = null;
  let waiting: Array<[MediaStreamTrack, RtpPacket]> | null = null;

  async function open(size: { width: number; height: number }) {
    recorder = new MediaRecorder({ path, numOfTracks: 2, ...size, disableNtp: true });
    recorder.onError.subscribe(onError);
    for (const sink of sinks.values()) await recorder.addTrack(sink);
    for (const [sink, rtp] of waiting ?? []) sink.onReceiveRtp.execute(rtp);
    waiting = null;
  }

  for (const [track, sink] of sinks) {
    track.onReceiveRtp.subscribe((rtp) => {
      if (!opening) {
        if (track.kind !== 'video') return;
        waiting = [];
        opening = open(vp8Size(rtp) ?? { width: 1280, height: 720 }).catch(onError);
      }
      if (waiting) waiting.push([sink, rtp]);
      else sink.onReceiveRtp.execute(rtp);
    });
  }

  return {
    /** Finishes the file (its duration written in the header); false when nothing was written. */
    async stop() {
      if (!opening) return false;
      await opening;
      await recorder!.stop();
      return true;
    },
  };
}

type Running = {
  composer: RecordingComposer;
  writer: ReturnType<typeof webmWriter>;
  untap: () => void;
};

/** Records through the in-process media server; the file is `recordings/<world>/<id>.webm`. */
export function createLocalRecorder(media: MediaServer, files: LocalStorage): Recorder {
  const running = new Map<string, Running>();
  const keyOf = (storage: string) => (JSON.parse(storage) as { key: string }).key;

  return {
    name: 'local',
    async start({ recordingId, worldId, meeting, onFailed }) {
      const key = `recordings/${worldId}/${recordingId}.webm`;
      const path = files.pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const room = meeting.MeetingId;
      const composer = new RecordingComposer((publisherId, slot) =>
        media.requestKeyFrame(room, publisherId, slot),
      );
      const writer = webmWriter(composer, path, () => onFailed(recorderMessages.writeFailed));
      const untap = media.tap(room, {
        rtp: (publisherId, slot, rtp) => composer.input(publisherId, slot, rtp),
        left: (publisherId) => composer.left(publisherId),
      });
      running.set(key, { composer, writer, untap });
      return JSON.stringify({ key });
    },

    async finish(storage) {
      const key = keyOf(storage);
      const run = running.get(key);
      if (!run) throw new RecordingError(recorderMessages.notRunning);
      running.delete(key);
      run.untap();
      const seconds = run.composer.seconds;
      let written: boolean;
      try {
        written = await run.writer.stop();
      } catch {
        throw new RecordingError(recorderMessages.writeFailed);
      }
      const file = await stat(files.pathOf(key)).catch(() => null);
      if (!written || !file || seconds < 1) throw new RecordingError(recorderMessages.noMedia);
      return { byteSize: file.size, durationSeconds: seconds };
    },

    async remove(storage) {
      const key = keyOf(storage);
      const run = running.get(key);
      if (run) {
        running.delete(key);
        run.untap();
        await run.writer.stop().catch(() => {});
      }
      await rm(files.pathOf(key), { force: true });
    },

    async downloadUrl(storage, expiresAt, title) {
      return files.presignGet(keyOf(storage), expiresAt, `${title}.webm`);
    },
  };
}

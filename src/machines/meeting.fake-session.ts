// A meeting session for the meeting machine's tests (watching, listening in): it records what the
// machine asks of it, one list of calls per session created, and keeps the machine's observer so
// that a test can say the session started.
import type { MeetingObserver, MeetingSession } from '../services/meeting/provider';

export function recordingSessions() {
  const calls: string[][] = [];
  let observer: MeetingObserver | null = null;
  const createSession = async () => {
    const mine: string[] = [];
    calls.push(mine);
    const rec = (name: string) => (arg?: unknown) =>
      void mine.push(
        arg === undefined ? name : `${name} ${(arg as { id?: string } | null)?.id ?? String(arg)}`,
      );
    return {
      addObserver: (o: MeetingObserver) => void (observer = o),
      removeObserver: () => {},
      start: rec('start'),
      stop: rec('stop'),
      startAudioInput: async (s: MediaStream | null) => rec('startAudioInput')(s),
      startVideoInput: async (s: MediaStream | null) => rec('startVideoInput')(s),
      chooseAudioOutput: async () => {},
      realtimeMuteLocalAudio: rec('mute'),
      realtimeUnmuteLocalAudio: () => (rec('unmute')(), true),
      realtimeSetCanUnmuteLocalAudio: (can: boolean) => rec('canUnmute')(can),
      realtimeIsLocalAudioMuted: () => true,
      startLocalVideoTile: rec('startLocalVideoTile'),
      stopLocalVideoTile: rec('stopLocalVideoTile'),
      bindVideoElement: () => {},
      unbindVideoElement: () => {},
      bindAudioElement: async () => {},
      startContentShare: async (s: MediaStream) => rec('startContentShare')(s),
      stopContentShare: rec('stopContentShare'),
    } as unknown as MeetingSession;
  };
  /** Tells the machine its session started, as the provider does once media flow. */
  const started = () => observer!.audioVideoDidStart?.();
  return { calls, createSession, started };
}

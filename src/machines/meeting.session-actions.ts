import type { AnyActorRef } from 'xstate';
import { contentLimitsOf, type MeetingSessionState } from '../domain/meeting-session';
import type { MeetingObserver, MeetingSession } from '../services/meeting/provider';
import { subscribe, unsubscribe } from './actor-subscriptions';

// The meeting machine's effects on the provider's session (its actions in meeting.setup.ts, run by
// its session state, meeting.session.ts): started with the media kept, given the media that
// change, stopped.

/** What the session is started and kept with: the part of the meeting machine's context they read. */
export interface SessionMedia extends MeetingSessionState {
  session: MeetingSession | null;
  /** The table listened to, receive-only (hearingTable, ADR 038); null when not listening. */
  hearingTable: string | null;
  // Media from the device machine, kept so that a session started later gets them.
  audioStream: MediaStream | null;
  videoStream: MediaStream | null;
  contentStream: MediaStream | null;
  micOn: boolean;
  canUnmute: boolean;
  audioOutputId: string | null;
}

type SessionArgs = { context: SessionMedia; self: AnyActorRef };

/** The session's callbacks as this machine's events. */
function observerFor(self: AnyActorRef): MeetingObserver {
  return {
    audioVideoDidStartConnecting: (reconnecting) =>
      self.send({ type: 'meeting.sessionConnecting', reconnecting }),
    audioVideoDidStart: () => self.send({ type: 'meeting.sessionStarted' }),
    audioVideoDidStop: (status) => self.send({ type: 'meeting.sessionStopped', status }),
  };
}

/**
 * A media call of the session that failed (a device the session could not use) becomes
 * meeting.mediaFailed: shown, never reported (docs/product.md §8: audio device failure).
 */
function settle(promise: Promise<void>, self: AnyActorRef) {
  promise.catch(() => self.send({ type: 'meeting.mediaFailed' }));
}

/** Watching the stage or listening to a table: the session sends nothing (ADR 026, 038). */
export const receivesOnly = (context: SessionMedia) =>
  context.watchingLiveMode === 'watching' || context.hearingTable !== null;

export const sessionActions = {
  startSession: ({ context, self }: SessionArgs) => {
    const session = context.session;
    if (!session) return;
    const observer = observerFor(self);
    session.addObserver(observer);
    subscribe(self, 'session', () => session.removeObserver(observer));
    // A watcher or listener sends nothing (ADR 026, 038); what the devices send meanwhile
    // waits in the context.
    const sends = !receivesOnly(context);
    // Chime chooses inputs before start; the local mesh accepts them either way.
    settle(session.startAudioInput(sends ? context.audioStream : null), self);
    settle(session.startVideoInput(sends ? context.videoStream : null), self);
    if (context.audioOutputId !== null)
      settle(session.chooseAudioOutput(context.audioOutputId), self);
    session.realtimeSetCanUnmuteLocalAudio(sends && context.canUnmute);
    if (sends && context.micOn) session.realtimeUnmuteLocalAudio();
    else session.realtimeMuteLocalAudio();
    session.start();
    if (sends && context.videoStream) session.startLocalVideoTile();
    if (sends && context.contentStream)
      settle(session.startContentShare(context.contentStream, contentLimitsOf(context)), self);
  },
  restartSession: ({ context }: SessionArgs) => context.session?.start(),
  stopSession: ({ context, self }: SessionArgs) => {
    unsubscribe(self, 'session');
    context.session?.stop();
  },
  applyAudio: ({ context, self }: SessionArgs) => {
    if (context.session) settle(context.session.startAudioInput(context.audioStream), self);
  },
  applyVideo: ({ context, self }: SessionArgs) => {
    const session = context.session;
    if (!session) return;
    settle(session.startVideoInput(context.videoStream), self);
    if (context.videoStream) session.startLocalVideoTile();
    else session.stopLocalVideoTile();
  },
  applyMic: ({ context }: SessionArgs) => {
    const session = context.session;
    if (!session) return;
    session.realtimeSetCanUnmuteLocalAudio(context.canUnmute);
    if (context.micOn) session.realtimeUnmuteLocalAudio();
    else session.realtimeMuteLocalAudio();
  },
  applyContent: ({ context, self }: SessionArgs) => {
    const session = context.session;
    if (!session) return;
    if (context.contentStream)
      settle(session.startContentShare(context.contentStream, contentLimitsOf(context)), self);
    else session.stopContentShare();
  },
  applyOutput: ({ context, self }: SessionArgs) => {
    if (context.session) settle(context.session.chooseAudioOutput(context.audioOutputId), self);
  },
};

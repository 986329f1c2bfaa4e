import type { SnapshotFrom } from 'xstate';
import { defaultMeetingState, MEETING_MESSAGES } from '../domain/meeting-session';
import type { MeetingJoin } from '../services/meeting/provider';
import { sessionState } from './meeting.session';
import { meetingSetup, takeJoin } from './meeting.setup';

// One meeting of a space, for both providers (ADR 010).
//
// Start: createActor(meetingMachine.provide({ actors: { joinMeeting }, actions: { leaveMeeting, reportError } }),
//          { input: { worldId, provider } })
//   joinMeeting: fromPromise(({ input: { worldId, spaceId, watching } }) => joinChimeMeeting, or
//     updateWatchingStreaming {mode: watching} when `watching`), answering the ChimeMeetingJoin,
//     or throwing an object with `status` and `messages` (or the body's `errors`);
//   leaveMeeting({ worldId, meetingId }): POST .../chime_meetings/{id}/leave, fire and forget;
//   reportError({ error }): to error reporting; only failures not excluded by docs/product.md §8 come here.
// The machine itself creates the session with input.provider, observes it and starts it, and
// gives it the media the device machine emits: the page forwards them as they are,
// `devices.on('*', (event) => meeting.send(event))`.
//
// States: gate → joining (server) → starting (provider.createSession) → session.connecting →
// session.connected ⇄ session.reconnecting (fails after RECONNECT_TIMEOUT_MS), then left | ended |
// kicked | joinedElsewhere | full (the server's message in `message`) | failed (retry → joining).
// Moving to another space (the map, ADR 015): session.connected → session.moving, where the
// current session goes on while the server joins the next space's meeting (its join replaces the
// attendance here and keeps its forced flags); joined → starting the new session with the same
// media; refused (a full table) → back to session.connected with the server's message.
// Watching mode (ADR 026): meeting.watch joins the stage's meeting receive-only (from the gate,
// like a join, or from a meeting, like a move); the session then gets no microphone, camera or
// screen, and turning one on is refused with a message (what it is given is kept for later; the
// page lets go of the devices meanwhile: releasesDevices in meeting.selectors.ts).
// meeting.attend, while watching, joins the stage as an attendee again (a move to the same
// space: a seat if one is free, the media as before); refused → still watching, told why.
// Listening in (hearingTable, ADR 038): meeting.listen, from a meeting, is a move to the table's
// meeting receive-only (audio only; no seat); the session sends nothing, as a watcher's, but the
// devices stay open. meeting.stopListening moves back to the space listened from; a move to any
// space (the table too) also ends it.
//
// Accepts:
//   meeting.join {spaceId}                 from gate, left, ended
//   meeting.watch {spaceId}                from gate, left, ended, session.connected (the stage)
//   meeting.attend                         from session.connected while watching
//   meeting.listen {spaceId}               from session.connected (not watching), another space
//   meeting.stopListening                  from session.connected while listening
//   meeting.move {spaceId}                 from session.connected, to another space than this one
//   meeting.leave                          the visitor leaves
//   meeting.retry                          from failed, full, joinedElsewhere
//   meeting.settingsChanged {settings}     map view, watching mode, board, … (session state, docs/product.md §3)
//   meeting.ended / meeting.kicked / meeting.joinedElsewhere: the realtime messages of the same
//     names, as they are (meetingEventFromRealtime in meeting.selectors.ts picks them out)
//   meeting.attendanceEnded {meetingId}    the server ended this attendance while the visitor was
//     away longer than the absence window (ADR 016): rejoin the same space rather than stay in a
//     dead meeting (src/app finds it out when the realtime socket comes back)
//   MeetingMediaEvent (src/domain/meeting-session.ts): meeting.audioInputChanged,
//     meeting.videoInputChanged, meeting.micChanged, meeting.contentShareChanged,
//     meeting.audioOutputChanged — kept at any time, applied to the session while there is one.
// Sent by the session's observer (the machine's own): meeting.sessionConnecting {reconnecting},
// meeting.sessionStarted, meeting.sessionStopped {status}, meeting.mediaFailed (a stream the
// session could not use: the message is shown, not reported).
// Emits: devices.forced {device, disabled} twice after joining, the flags the server kept for
// this attendee: `meeting.on('devices.forced', (event) => devices.send(event))`.
// context.session is the running MeetingSession: the page binds video tiles with it.
// Types, effects, actions and guards: meeting.setup.ts (the effects on the provider's session:
// meeting.session-actions.ts); the state `session` (connecting, connected, moving,
// reconnecting): meeting.session.ts.

export {
  type MeetingContext,
  type MeetingEvent,
  type MeetingInput,
  type MeetingSettings,
} from './meeting.setup';

type SpaceEvent = { event: { spaceId: string } };

/** Joining a space's meeting, or watching the stage's: from the gate, and after one ended. */
const joinOrWatch = {
  'meeting.join': {
    target: 'joining',
    actions: { type: 'setSpace' as const, params: ({ event }: SpaceEvent) => event },
  },
  'meeting.watch': {
    target: 'joining',
    actions: { type: 'setWatchingSpace' as const, params: ({ event }: SpaceEvent) => event },
  },
};

export const meetingMachine = meetingSetup.createMachine({
  id: 'meeting',
  context: ({ input }) => ({
    ...defaultMeetingState(),
    ...input.settings,
    worldId: input.worldId,
    provider: input.provider,
    spaceId: null,
    movingTo: null,
    movingToWatch: false,
    movingToListen: false,
    hearingTable: null,
    listenedFrom: null,
    join: null,
    session: null,
    status: null,
    message: null,
    audioStream: null,
    videoStream: null,
    contentStream: null,
    micOn: false,
    canUnmute: true,
    audioOutputId: null,
  }),
  on: {
    'meeting.audioInputChanged': { actions: 'keepMedia' },
    'meeting.videoInputChanged': { actions: 'keepMedia' },
    'meeting.micChanged': { actions: 'keepMedia' },
    'meeting.contentShareChanged': { actions: 'keepMedia' },
    'meeting.audioOutputChanged': { actions: 'keepMedia' },
    'meeting.settingsChanged': {
      actions: { type: 'setSettings', params: ({ event }) => ({ settings: event.settings }) },
    },
  },
  initial: 'gate',
  states: {
    /** The device check happens here (device machine); joining is the visitor's choice. */
    gate: {
      on: joinOrWatch,
    },
    joining: {
      invoke: {
        id: 'joinMeeting',
        src: 'joinMeeting',
        input: ({ context }) => ({
          worldId: context.worldId,
          spaceId: context.spaceId ?? '',
          watching: context.watchingLiveMode === 'watching',
          listening: context.hearingTable !== null,
        }),
        onDone: {
          target: 'starting',
          actions: takeJoin,
        },
        onError: [
          {
            guard: { type: 'isFull', params: ({ event }) => ({ error: event.error }) },
            target: 'full',
            actions: { type: 'setJoinFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'setJoinFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    starting: {
      invoke: {
        id: 'createSession',
        src: 'createSession',
        input: ({ context }) => ({ provider: context.provider, join: context.join as MeetingJoin }),
        onDone: {
          target: 'session',
          actions: { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setStatus', params: { status: null, message: MEETING_MESSAGES.failed } },
            {
              type: 'reportError',
              params: ({ event }) => ({
                error: event.error instanceof Error ? event.error : new Error(String(event.error)),
              }),
            },
          ],
        },
      },
    },
    session: sessionState,
    left: {
      on: joinOrWatch,
    },
    ended: {
      on: joinOrWatch,
    },
    kicked: {},
    /** This tab gave way to another; "join here" takes the meeting back. */
    joinedElsewhere: { on: { 'meeting.retry': { target: 'joining', actions: 'clearStatus' } } },
    full: { on: { 'meeting.retry': { target: 'joining', actions: 'clearStatus' } } },
    failed: { on: { 'meeting.retry': { target: 'joining', actions: 'clearStatus' } } },
  },
});

export type MeetingSnapshot = SnapshotFrom<typeof meetingMachine>;

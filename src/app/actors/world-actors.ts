// The actors of one world visit: the realtime socket, the device statechart, the meeting
// statechart, the chat, the raised hand, the recording and the live stream (./world-media-actors.ts),
// wired to each other and to the API. They outlive a single page, because the gate (device
// check) hands the opened devices to the meeting page; they stop a little after
// the last world page of that world unmounts (a route change from the gate to the meeting
// unmounts one page and mounts the next in the same moment). The pages receive them through
// WorldActorsContext (src/views/components/meeting/world-actors.ts).
import { createActor, fromPromise } from 'xstate';
import { devicesMachine, type StoredChoices } from '../../machines/devices.machine';
import { devicesEventFromRealtime } from '../../machines/devices.selectors';
import type { BackgroundChoice } from '../../domain/virtual-background';
import { chatMachine, type HistoryInput, type PostInput } from '../../machines/chat.machine';
import { chatEventFromRealtime } from '../../machines/chat.selectors';
import { handMachine } from '../../machines/hand.machine';
import { handEventFromRealtime } from '../../machines/hand.selectors';
import { meetingMachine } from '../../machines/meeting.machine';
import {
  attendanceEndedFrom,
  isInMeeting,
  meetingEventFromRealtime,
  releasesDevices,
  selectMapViewMode,
  selectPresenceSpaceId,
  selectSelfUserId,
} from '../../machines/meeting.selectors';
import type { ApiClient } from '../../services/api/client';
import { reportError } from '../../services/errors/handle-error';
import { createMediaAdapter, type MediaAdapter } from '../../services/meeting/devices';
import * as chatApi from '../../services/chat-api';
import * as interactionApi from '../../services/interaction-api';
import { toApiError } from '../../services/errors/api-error';
import * as meetingApi from '../../services/meeting/meeting-api';
import { createMeetingProvider } from '../../services/meeting/provider-by-join';
import { recordingSessions } from '../../services/meeting/session-state';
import { screenCaptureOf } from '../../domain/meeting-session';
import { createPresenceStore } from '../../services/realtime/presence';
import { createReactionStore } from '../../services/realtime/reactions';
import {
  createRealtimeClient,
  type RealtimeClientOptions,
} from '../../services/realtime/realtime-client';
import {
  loadBackground,
  loadChoices,
  saveBackground,
  saveChoice,
} from '../../views/components/meeting/device-choices';
import { loadMapViewMode, saveMapViewMode } from '../../views/components/meeting/map-view-choice';
import type { AcquireWorldActors, WorldActors } from '../../views/components/meeting/world-actors';
import { mediaEffects } from '../../machines/devices.media';
import { createScope, type Scope, type Startable } from './scoped';
import { createVisitRecorder } from './visit-recorder';
import { createWorldMediaActors } from './world-media-actors';

/** What the meeting machine's join asks: attending, watching the stage or listening to a table. */
type JoinInput = { worldId: string; spaceId: string; watching: boolean; listening: boolean };

export interface WorldSystemDeps {
  api: ApiClient;
  /** Failures the meeting machine marks reportable; default: the app's error reporting. */
  report?: (error: unknown) => void;
  /** The browser's camera and microphone; tests pass a fake. */
  media?: MediaAdapter;
  /** The realtime socket's address and opening (default: the browser's); tests pass a fake. */
  socket?: Pick<RealtimeClientOptions, 'urlFor' | 'openSocket'>;
}

/** The world's actors with their effects provided; nothing runs before start(). */
export function createWorldSystem(
  worldId: string,
  { api, report = reportError, media, socket }: WorldSystemDeps,
): Startable & { value: WorldActors } {
  const realtime = createRealtimeClient({
    ...socket,
    getTicket: () => meetingApi.createRealtimeTicket(api, worldId),
    // A message outside the protocol is our defect, not the visitor's: reported, not shown.
    onProtocolError: (error) => report(error),
  });
  const provider = recordingSessions(
    createMeetingProvider({
      realtime,
      listAttendees: (meetingId) => meetingApi.listAttendees(api, worldId, meetingId),
    }),
  );
  // The screen is captured as the meeting's high frame rate mode says at that moment (ADR 026).
  const effects = mediaEffects(media ?? createMediaAdapter(), {
    screenOptions: () => screenCaptureOf(meeting.getSnapshot().context),
  });
  const devices = createActor(
    devicesMachine.provide({
      actors: effects.actors,
      actions: {
        ...effects.actions,
        persistChoice: (
          _,
          { key, deviceId }: { key: keyof StoredChoices; deviceId: string | null },
        ) => saveChoice(key, deviceId),
        persistBackground: (_, { choice }: { choice: BackgroundChoice }) => saveBackground(choice),
      },
    }),
    { input: { stored: loadChoices(), background: loadBackground() } },
  );
  const meeting = createActor(
    meetingMachine.provide({
      actors: {
        joinMeeting: fromPromise(({ input }: { input: JoinInput }) =>
          input.listening
            ? meetingApi.listenToTable(api, input.worldId, input.spaceId)
            : input.watching
              ? meetingApi.watchStage(api, input.worldId, input.spaceId)
              : meetingApi.joinMeeting(api, input.worldId, input.spaceId),
        ),
      },
      actions: {
        leaveMeeting: (_, { worldId: world, meetingId }: { worldId: string; meetingId: string }) =>
          void meetingApi.leaveMeeting(api, world, meetingId).catch(() => {
            // The server also ends an attendance whose socket is gone; nothing to tell the visitor.
          }),
        // The page shows the meeting's own outcome; the report goes to Sentry when configured.
        reportError: (_, { error }: { error: Error }) => report(error),
      },
    }),
    { input: { worldId, provider, settings: { mapViewMode: loadMapViewMode() } } },
  );

  const recorder = createVisitRecorder(api, worldId);

  // The chat panel's actor lives with the world, not the page (a tab switch keeps its history).
  const chat = createActor(
    chatMachine.provide({
      actors: {
        loadOverview: fromPromise(() => chatApi.listChatChannels(api, worldId)),
        loadHistory: fromPromise(({ input }: { input: HistoryInput }) =>
          chatApi.listChatMessages(api, worldId, input.channel, input.before),
        ),
        postMessage: fromPromise(async ({ input }: { input: PostInput }) => {
          const posted = await chatApi.postChatMessage(api, worldId, input.channel, input.body);
          recorder.record('chat.posted');
          return posted;
        }),
      },
      actions: {
        markRead: (_, { channel, messageId }: { channel: string; messageId: string }) =>
          void chatApi.markChatRead(api, worldId, channel, messageId).catch(() => {
            // The next read moves it again; a lost position only leaves a count a little high.
          }),
        deleteMessage: ({ self }, { messageId }: { messageId: string }) =>
          void chatApi
            .deleteChatMessage(api, worldId, messageId)
            .catch((error: unknown) =>
              self.send({ type: 'chat.actionFailed', errors: toApiError(error).messages }),
            ),
      },
    }),
    { input: { worldId } },
  );

  // One's own raised hand (docs/product.md §4 挙手), in the space the meeting is in.
  const hand = createActor(
    handMachine.provide({
      actors: {
        raiseHand: fromPromise(({ input }: { input: { spaceId: string } }) =>
          interactionApi.raiseHand(api, worldId, input.spaceId),
        ),
        lowerHand: fromPromise(() => interactionApi.lowerOwnHand(api, worldId)),
      },
    }),
    { input: { spaceId: null } },
  );
  const recordingAndStream = createWorldMediaActors(api, worldId);

  // Listen to the realtime client only: nothing reaches them before connect().
  const presence = createPresenceStore(realtime);
  const reactions = createReactionStore(realtime);
  let unwire: (() => void) | null = null;
  const value: WorldActors = {
    worldId,
    presence,
    reactions,
    messages: realtime,
    devices,
    meeting,
    chat,
    recordAction: recorder.record,
    hand,
    ...recordingAndStream.actors,
  };
  return {
    value,
    start() {
      const media = devices.on('*', (event) => meeting.send(event));
      // The join answer's forced flags (a rejoining attendee stays forced, or is released).
      const forced = meeting.on('devices.forced', (event) => devices.send(event));
      // Presence says which space's meeting the visitor is in (the map, ADR 015); a new socket
      // starts nowhere, so its snapshot is answered with the space again.
      let spaceId: string | null = null;
      let mapViewMode = selectMapViewMode(meeting.getSnapshot());
      // Watching the stage lets go of the camera and microphone; they open again when it stops.
      let released = releasesDevices(meeting.getSnapshot());
      const watched = meeting.subscribe((snapshot) => {
        if (releasesDevices(snapshot) !== released) {
          released = !released;
          devices.send({ type: released ? 'devices.release' : 'devices.reopen' });
        }
        const next = selectPresenceSpaceId(snapshot);
        if (next !== spaceId) {
          spaceId = next;
          realtime.send({ type: 'presence.move', spaceId });
          chat.send({ type: 'chat.spaceChanged', spaceId });
          hand.send({ type: 'hand.spaceChanged', spaceId });
        }
        if (selectMapViewMode(snapshot) !== mapViewMode) {
          mapViewMode = selectMapViewMode(snapshot);
          saveMapViewMode(mapViewMode);
        }
      });
      // A socket that came back (every opening after the first; the client keeps the server's
      // `ready` to itself): if the visitor was away past the absence window, the server ended the
      // attendance and the meeting rejoins (ADR 016).
      let openings = 0;
      const checkAttendance = async () => {
        const join = meeting.getSnapshot().context.join;
        if (!join || !isInMeeting(meeting.getSnapshot())) return;
        const attendees = await meetingApi.listAttendees(api, worldId, join.id).catch(() => null);
        // Still the same attendance it asked about (not left or rejoined meanwhile).
        if (meeting.getSnapshot().context.join !== join) return;
        const event = attendees && attendanceEndedFrom(meeting.getSnapshot(), attendees);
        if (event) meeting.send(event);
      };
      const unsubscribeRealtime = realtime.subscribe((message) => {
        if (message.type === 'presence.snapshot' && spaceId !== null)
          realtime.send({ type: 'presence.move', spaceId });
        const toMeeting = meetingEventFromRealtime(message);
        if (toMeeting) meeting.send(toMeeting);
        const toDevices = devicesEventFromRealtime(message);
        if (toDevices) devices.send(toDevices);
        const toChat = chatEventFromRealtime(message);
        if (toChat) chat.send(toChat);
        const toHand = handEventFromRealtime(message, selectSelfUserId(meeting.getSnapshot()));
        if (toHand) hand.send(toHand);
      });
      const unwatchStatus = realtime.onStatus((status) => {
        if (status.kind === 'open' && ++openings > 1) void checkAttendance();
      });
      const unfollow = recorder.follow(meeting, devices);
      unwire = () => {
        unfollow();
        unwatchStatus();
        media.unsubscribe();
        forced.unsubscribe();
        watched.unsubscribe();
        unsubscribeRealtime();
      };
      devices.start();
      meeting.start();
      chat.start();
      hand.start();
      recordingAndStream.start(meeting, realtime);
      // The panel is closed until a page opens it (chat.shown): nothing is read before.
      chat.send({ type: 'chat.hidden' });
      realtime.connect();
    },
    stop() {
      unwire?.();
      presence.dispose();
      reactions.dispose();
      if (isInMeeting(meeting.getSnapshot())) meeting.send({ type: 'meeting.leave' });
      meeting.stop();
      chat.stop();
      hand.stop();
      recordingAndStream.stop();
      devices.send({ type: 'devices.close' });
      devices.stop();
      realtime.close();
    },
  };
}

const RELEASE_DELAY_MS = 2_000;

/**
 * The app's source of world actors: one system per world, created on the first page's mount and
 * stopped RELEASE_DELAY_MS after the last one's unmount (StrictMode's remount keeps it running).
 */
export function createWorldActorSource(deps: WorldSystemDeps): AcquireWorldActors {
  const live = new Map<string, Scope<ReturnType<typeof createWorldSystem>>>();
  return (worldId) => {
    let scope = live.get(worldId);
    if (!scope) {
      scope = createScope(() => createWorldSystem(worldId, deps), {
        stopDelayMs: RELEASE_DELAY_MS,
        onStopped: () => live.delete(worldId),
      });
      live.set(worldId, scope);
    }
    const release = scope.mount();
    return { value: scope.current.value, release };
  };
}

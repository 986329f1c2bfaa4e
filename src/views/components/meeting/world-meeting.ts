// The actors of one world visit: the realtime socket, the device statechart and the meeting
// statechart, wired to each other and to the API. They outlive a single page, because the
// gate (device check) hands the opened devices to the meeting page; they are released a little
// after the last world page of that world unmounts (a route change from the gate to the meeting
// unmounts one page and mounts the next in the same moment).
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { devicesMachine, type StoredChoices } from '../../../machines/devices.machine';
import { devicesEventFromRealtime } from '../../../machines/devices.selectors';
import { meetingMachine } from '../../../machines/meeting.machine';
import { meetingEventFromRealtime } from '../../../machines/meeting.selectors';
import type { ApiClient } from '../../../services/api/client';
import { createMediaAdapter } from '../../../services/meeting/devices';
import * as meetingApi from '../../../services/meeting/meeting-api';
import { createMeetingProvider } from '../../../services/meeting/provider-by-join';
import { recordingSessions } from '../../../services/meeting/session-state';
import { createPresenceStore, type PresenceStore } from '../../../services/realtime/presence';
import { createRealtimeClient, type RealtimeClient } from '../../../services/realtime/realtime-client';
import { loadChoices, saveChoice } from './device-choices';

export interface WorldMeeting {
  worldId: string;
  realtime: RealtimeClient;
  presence: PresenceStore;
  devices: ActorRefFrom<typeof devicesMachine>;
  meeting: ActorRefFrom<typeof meetingMachine>;
}

interface Entry {
  value: WorldMeeting;
  users: number;
  disposeTimer: ReturnType<typeof setTimeout> | null;
  dispose: () => void;
}

const RELEASE_DELAY_MS = 2_000;
const live = new Map<string, Entry>();

function create(worldId: string, api: ApiClient): Entry {
  const realtime = createRealtimeClient({
    getTicket: () => meetingApi.createRealtimeTicket(api, worldId),
    onProtocolError: (error) => console.error('realtime: a message outside the protocol', error),
  });
  const presence = createPresenceStore(realtime);
  const provider = recordingSessions(
    createMeetingProvider({
      realtime,
      listAttendees: (meetingId) => meetingApi.listAttendees(api, worldId, meetingId),
    }),
  );
  const devices = createActor(
    devicesMachine.provide({
      actions: { persistChoice: (_, { key, deviceId }: { key: keyof StoredChoices; deviceId: string | null }) => saveChoice(key, deviceId) },
    }),
    { input: { media: createMediaAdapter(), stored: loadChoices() } },
  );
  const meeting = createActor(
    meetingMachine.provide({
      actors: {
        joinMeeting: fromPromise(({ input }: { input: { worldId: string; spaceId: string } }) => meetingApi.joinMeeting(api, input.worldId, input.spaceId)),
      },
      actions: {
        leaveMeeting: (_, { worldId: world, meetingId }: { worldId: string; meetingId: string }) =>
          void meetingApi.leaveMeeting(api, world, meetingId).catch(() => {
            // The server also ends an attendance whose socket is gone; nothing to tell the visitor.
          }),
        reportError: (_, { error }: { error: Error }) => console.error(error),
      },
    }),
    { input: { worldId, provider } },
  );

  const forwardMedia = devices.on('*', (event) => meeting.send(event));
  const unsubscribeRealtime = realtime.subscribe((message) => {
    const toMeeting = meetingEventFromRealtime(message);
    if (toMeeting) meeting.send(toMeeting);
    const toDevices = devicesEventFromRealtime(message);
    if (toDevices) devices.send(toDevices);
  });
  // A rejoining attendee stays forced: the join answer carries what the server recorded.
  let lastJoin: unknown = null;
  const forwardForced = meeting.subscribe((snapshot) => {
    const join = snapshot.context.join;
    if (!join || join === lastJoin) return;
    lastJoin = join;
    if (join.micForceDisabled) devices.send({ type: 'devices.forced', device: 'mic', disabled: true });
    if (join.videoForceDisabled) devices.send({ type: 'devices.forced', device: 'video', disabled: true });
  });

  devices.start();
  meeting.start();
  realtime.connect();

  const value: WorldMeeting = { worldId, realtime, presence, devices, meeting };
  return {
    value,
    users: 0,
    disposeTimer: null,
    dispose: () => {
      forwardMedia.unsubscribe();
      forwardForced.unsubscribe();
      unsubscribeRealtime();
      presence.dispose();
      if (meeting.getSnapshot().matches('session')) meeting.send({ type: 'meeting.leave' });
      meeting.stop();
      devices.send({ type: 'devices.close' });
      devices.stop();
      realtime.close();
    },
  };
}

/** The world's actors, created on first use; call release() when the page unmounts. */
export function acquireWorldMeeting(worldId: string, api: ApiClient): { value: WorldMeeting; release: () => void } {
  let entry = live.get(worldId);
  if (!entry) {
    entry = create(worldId, api);
    live.set(worldId, entry);
  }
  if (entry.disposeTimer !== null) clearTimeout(entry.disposeTimer);
  entry.disposeTimer = null;
  entry.users++;
  const mine = entry;
  let released = false;
  return {
    value: mine.value,
    release: () => {
      if (released) return;
      released = true;
      mine.users--;
      if (mine.users > 0) return;
      mine.disposeTimer = setTimeout(() => {
        if (mine.users > 0 || live.get(worldId) !== mine) return;
        live.delete(worldId);
        mine.dispose();
      }, RELEASE_DELAY_MS);
    },
  };
}

/** Starts over (after a kick or when leaving for good): the next page visit gets fresh actors. */
export function discardWorldMeeting(worldId: string): void {
  const entry = live.get(worldId);
  if (!entry) return;
  live.delete(worldId);
  if (entry.disposeTimer !== null) clearTimeout(entry.disposeTimer);
  entry.dispose();
}

// The actors of one world visit as the world pages receive them. src/app composes and starts
// them (src/app/actors/world-actors.ts) and hands them over through this context, since views
// may not import src/app.
import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { chatMachine } from '../../../machines/chat.machine';
import type { devicesMachine } from '../../../machines/devices.machine';
import type { handMachine } from '../../../machines/hand.machine';
import type { liveStreamingMachine } from '../../../machines/live-streaming.machine';
import type { meetingMachine } from '../../../machines/meeting.machine';
import type { recordingMachine } from '../../../machines/recording.machine';
import type { UserActionType } from '../../../domain/user-actions';
import type { PresenceStore } from '../../../services/realtime/presence';
import type { ReactionStore } from '../../../services/realtime/reactions';
import type { RealtimeClient } from '../../../services/realtime/realtime-client';

export interface WorldActors {
  worldId: string;
  presence: PresenceStore;
  /** The reactions shown now (docs/product.md §4 リアクション). */
  reactions: ReactionStore;
  /** The world's realtime messages, for what no statechart handles (the bell). */
  messages: Pick<RealtimeClient, 'subscribe'>;
  devices: ActorRefFrom<typeof devicesMachine>;
  meeting: ActorRefFrom<typeof meetingMachine>;
  chat: ActorRefFrom<typeof chatMachine>;
  /** Records an action the statecharts do not see (a questionnaire answered) for the insights. */
  recordAction: (type: UserActionType) => void;
  hand: ActorRefFrom<typeof handMachine>;
  /** The recording of the meeting one is in (ADR 025). */
  recording: ActorRefFrom<typeof recordingMachine>;
  /** The stage's live stream (ADR 026), told its stage by the page that reads the layout. */
  liveStream: ActorRefFrom<typeof liveStreamingMachine>;
}

/** Takes the world's actors for a mounted page; `release` when the page unmounts. */
export type AcquireWorldActors = (worldId: string) => { value: WorldActors; release: () => void };

export const WorldActorsContext = createContext<AcquireWorldActors | null>(null);

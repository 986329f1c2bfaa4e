// The recordings section of a world's page takes its machine's actor from src/app
// (src/app/actors/world-detail-actors.tsx), started for the world and the caller's role in it.
import type { ActorRefFrom } from 'xstate';
import type { recordingListMachine } from '../../../machines/recording-list.machine';
import { actorHookContext } from '../../hooks/actor-hook';
import type { World } from '../worlds/world-format';

export type RecordingListRef = ActorRefFrom<typeof recordingListMachine>;

export const recordingListActor =
  actorHookContext<(world: Pick<World, 'id' | 'role'>) => RecordingListRef>('useRecordingList');

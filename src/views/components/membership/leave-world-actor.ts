// The leave section of a world's page takes its machine's actor from src/app
// (src/app/actors/world-detail-actors.tsx), started for the world and the signed-in member.
import type { ActorRefFrom } from 'xstate';
import type { leaveWorldMachine } from '../../../machines/leave-world.machine';
import { actorHookContext } from '../../hooks/actor-hook';

export type LeaveWorldRef = ActorRefFrom<typeof leaveWorldMachine>;

export interface LeaveWorldAddress {
  worldId: string;
  worldName: string;
  /** The signed-in member, who leaves. */
  selfId: string;
}

export const leaveWorldActor =
  actorHookContext<(address: LeaveWorldAddress) => LeaveWorldRef>('useLeaveWorld');

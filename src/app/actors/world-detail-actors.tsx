// The actors of a world's mypage page (/mypage/worlds/:id): leaving the world
// (src/machines/leave-world.machine.ts) and managing its recordings
// (src/machines/recording-list.machine.ts), each started by the section that takes it, with the
// API, the query cache and the router. Loaded with the page's chunk (src/app/route-table.ts).
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { createActor, fromPromise } from 'xstate';
import { leaveWorldMachine } from '../../machines/leave-world.machine';
import { recordingListMachine } from '../../machines/recording-list.machine';
import { memberMutations } from '../../services/api/members-queries';
import { invalidateMyWorlds } from '../../services/api/my-worlds-queries';
import { invalidateRecordings, recordingMutations } from '../../services/api/recordings-queries';
import { dataOf } from '../../services/errors/api-error';
import {
  leaveWorldActor,
  type LeaveWorldAddress,
  type LeaveWorldRef,
} from '../../views/components/membership/leave-world-actor';
import {
  recordingListActor,
  type RecordingListRef,
} from '../../views/components/membership/recording-list-actor';
import type { World } from '../../views/components/worlds/world-format';
import { apiClient } from '../api';
import { provideToPage } from './provide-to-page';
import { useLatest, useScoped } from './scoped';

/** The actor for one mounted leave section; `address` is read on the first render only. */
export function useLeaveWorldActor({
  worldId,
  worldName,
  selfId,
}: LeaveWorldAddress): LeaveWorldRef {
  const queryClient = useQueryClient();
  const latest = useLatest(useNavigate());
  return useScoped(() =>
    createActor(
      leaveWorldMachine.provide({
        actors: {
          leave: fromPromise(async () => {
            await dataOf(() => memberMutations.remove(apiClient, worldId, selfId));
          }),
        },
        actions: {
          refreshMyWorlds: () => void invalidateMyWorlds(queryClient),
          goToMyWorlds: (_, { flash }) =>
            void latest.current('/mypage/worlds', { state: { flash }, replace: true }),
        },
      }),
      { input: { worldName } },
    ),
  );
}

/** The actor for one mounted recordings section; `world` is read on the first render only. */
export function useRecordingListActor(world: Pick<World, 'id' | 'role'>): RecordingListRef {
  const queryClient = useQueryClient();
  return useScoped(() =>
    createActor(
      recordingListMachine.provide({
        actors: {
          rename: fromPromise(async ({ input }) => {
            await dataOf(() =>
              recordingMutations.rename(apiClient, world.id, input.id, input.title),
            );
          }),
          remove: fromPromise(async ({ input }) => {
            await dataOf(() => recordingMutations.remove(apiClient, world.id, input.id));
          }),
          downloadUrl: fromPromise(async ({ input }) => {
            const { data } = await dataOf(() =>
              recordingMutations.downloadUrl(apiClient, world.id, input.id),
            );
            return data;
          }),
        },
        actions: {
          refreshRecordings: () => void invalidateRecordings(queryClient, world.id),
          // The signed URL answers as an attachment: the browser saves it and stays on this page.
          download: (_, { url }) => window.location.assign(url),
        },
      }),
      { input: { role: world.role } },
    ),
  );
}

/** `Page` with the actors of its sections to take. */
export const withWorldDetailActors = (Page: ComponentType) =>
  provideToPage(
    leaveWorldActor.Provider,
    useLeaveWorldActor,
    provideToPage(recordingListActor.Provider, useRecordingListActor, Page),
  );

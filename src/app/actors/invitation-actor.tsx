// The invitation pages' actor (src/machines/invitation.machine.ts), started with the page and told
// the invitation and the signed-in account; its effects: the API, the query cache and the router.
// Loaded with those pages' chunks (src/app/route-table.ts).
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { createActor, fromPromise } from 'xstate';
import { invitationMachine, type InvitationAddress } from '../../machines/invitation.machine';
import { selectUser } from '../../machines/session.selectors';
import { myWorldMutations, invalidateMyWorlds } from '../../services/api/my-worlds-queries';
import { staffInvitationMutations } from '../../services/api/staff-invitation-queries';
import { dataOf } from '../../services/errors/api-error';
import {
  invitationActor,
  type InvitationRef,
  type OpenedInvitation,
} from '../../views/components/worlds/invitation-actor';
import { apiClient } from '../api';
import { useSessionActor } from '../session';
import { provideToPage } from './provide-to-page';
import { useLatest, useScoped } from './scoped';

async function accept({ kind, worldId, token }: InvitationAddress) {
  if (kind === 'staff') {
    await dataOf(() => staffInvitationMutations.accept(apiClient, worldId, token));
    return { worldId };
  }
  const { data: world } = await dataOf(() => myWorldMutations.joinByInvitation(apiClient, token));
  return { worldId: world.id };
}

/** The actor for one mounted invitation; `invitation` is read on the first render only. */
export function useInvitationActor(invitation: OpenedInvitation): InvitationRef {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  const latest = useLatest(useNavigate());
  return useScoped(() => {
    const actor = createActor(
      invitationMachine.provide({
        actors: { accept: fromPromise(({ input }) => accept(input)) },
        actions: {
          refreshMyWorlds: () => void invalidateMyWorlds(queryClient),
          goToGate: (_, { worldId }) => void latest.current(`/worlds/${worldId}/gate`),
        },
      }),
    );
    return {
      value: actor,
      start() {
        actor.start();
        actor.send({
          type: 'invitation.opened',
          ...invitation,
          signedInEmail: selectUser(session.getSnapshot())?.email ?? '',
        });
      },
      stop: () => actor.stop(),
    };
  }).value;
}

/** `Page` with the invitation actor to take. */
export const withInvitationActor = (Page: ComponentType) =>
  provideToPage(invitationActor.Provider, useInvitationActor, Page);

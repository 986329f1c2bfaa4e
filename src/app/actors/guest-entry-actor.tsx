// The guest entry pages' actor (src/machines/guest-entry.machine.ts), started with the page and
// told the URL's entrance; its effects: the API, the bot check, the session and the router.
// Loaded with those pages' chunks (src/app/route-table.ts).
import { type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { createActor, fromPromise } from 'xstate';
import { guestEntryMachine } from '../../machines/guest-entry.machine';
import {
  enterAsGuest,
  lookUpEntrance,
  type EntranceAddress,
  type EntranceKind,
} from '../../services/guest-entry-api';
import { guestEntryActor, type GuestEntryRef } from '../../views/components/meeting/guest-entry';
import { useBotCheck, type GetBotToken } from '../../views/hooks/use-bot-check';
import { apiClient } from '../api';
import { useSessionActor } from '../session';
import { useLatest, useScoped } from './scoped';
import { provideToPage } from './provide-to-page';

// Without a token the instant entrance refuses the entry; a guest link goes without one.
const botCheck = {
  link: { action: 'enterGuest', failed: undefined },
  instant: { action: 'instantEnter', failed: 'unavailable' },
} as const;

async function botTokenFor(kind: EntranceKind, getBotToken: GetBotToken | undefined) {
  if (!getBotToken) return undefined;
  const { action, failed } = botCheck[kind];
  return getBotToken(action).catch(() => failed);
}

/** The actor for one mounted entry page; `address` is read on the first render only. */
export function useGuestEntryActor(address: EntranceAddress): GuestEntryRef {
  const session = useSessionActor();
  const deps = { navigate: useNavigate(), getBotToken: useBotCheck() };
  const latest = useLatest(deps);
  return useScoped(() => {
    const actor = createActor(
      guestEntryMachine.provide({
        actors: {
          lookUpEntrance: fromPromise(({ input }) => lookUpEntrance(apiClient, input)),
          enter: fromPromise(async ({ input }) =>
            enterAsGuest(apiClient, {
              ...input,
              botToken: await botTokenFor(input.kind, latest.current.getBotToken),
            }),
          ),
        },
        actions: {
          startGuestSession: (_, { user }) => session.send({ type: 'session.guestEntered', user }),
          goToGate: (_, { worldId }) => void latest.current.navigate(`/worlds/${worldId}/gate`),
        },
      }),
    );
    return {
      value: actor,
      start() {
        actor.start();
        actor.send({ type: 'guestEntry.opened', ...address });
      },
      stop: () => actor.stop(),
    };
  }).value;
}

/** `Page` with the guest entry actor to take. */
export const withGuestEntryActor = (Page: ComponentType) =>
  provideToPage(guestEntryActor.Provider, useGuestEntryActor, Page);

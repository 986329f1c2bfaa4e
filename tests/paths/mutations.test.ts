// The path tests must fail when a product rule is broken, even though the expected states are
// recomputed from the (broken) machine: the oracles of the .paths.ts are what catches it, by
// behaviour (a replayed step's effects, emitted events or what the selectors show), not by a
// transition's key. And they must not fail when nothing a person sees changed: a guard renamed,
// states written in another order.
import { describe, expect, it } from 'vitest';
import { assign, type AnyStateMachine } from 'xstate';
import type { CartItem } from '../../src/domain/cart';
import { calendarReservationMachine } from '../../src/machines/calendar-reservation.machine';
import { paths as calendarPaths } from '../../src/machines/calendar-reservation.paths';
import { cartMachine } from '../../src/machines/cart.machine';
import { paths as cartPaths } from '../../src/machines/cart.paths';
import { checkoutMachine } from '../../src/machines/checkout.machine';
import { paths as checkoutPaths } from '../../src/machines/checkout.paths';
import { devicesMachine } from '../../src/machines/devices.machine';
import { paths as devicesPaths } from '../../src/machines/devices.paths';
import { meetingMachine } from '../../src/machines/meeting.machine';
import { paths as meetingPaths } from '../../src/machines/meeting.paths';
import { sessionMachine } from '../../src/machines/session.machine';
import { paths as sessionPaths } from '../../src/machines/session.paths';
import type { MachinePaths } from '../../src/machines/path-config';
import { measure } from './coverage';
import { dropAction, editState, renameGuard, reorderStates } from './mutate';

type State = Record<string, unknown>;
const on = (state: State, event: string) => (state.on as Record<string, unknown>)[event];
const invoke = (state: State) => state.invoke as State;

const mutations: {
  rule: string;
  machine: AnyStateMachine;
  config: MachinePaths<AnyStateMachine>;
  mutant: () => AnyStateMachine;
}[] = [
  {
    rule: 'sign-in clears the cart (docs/product.md §4)',
    machine: sessionMachine,
    config: sessionPaths as never,
    mutant: () =>
      editState(sessionMachine, 'signingIn', (s) => dropAction(invoke(s).onDone, 'clearCart')),
  },
  {
    rule: 'sign-in saves the latest world id (docs/product.md §4)',
    machine: sessionMachine,
    config: sessionPaths as never,
    mutant: () =>
      editState(sessionMachine, 'signingIn', (s) =>
        dropAction(invoke(s).onDone, 'saveLatestWorldId'),
      ),
  },
  {
    rule: "a user's 401 removes the stored auth values (docs/product.md §8)",
    machine: sessionMachine,
    config: sessionPaths as never,
    mutant: () =>
      editState(sessionMachine, 'signedIn.user', (s) =>
        dropAction(on(s, 'session.unauthorized'), 'clearStoredAuth'),
      ),
  },
  {
    rule: 'a 401 on an excluded page redirects nobody (docs/product.md §2)',
    machine: sessionMachine,
    config: sessionPaths as never,
    mutant: () => sessionMachine.provide({ guards: { isExcludedPath: () => false } }),
  },
  {
    rule: 'forcing video off turns the camera off (docs/product.md §4): the camera stays on',
    machine: devicesMachine,
    config: devicesPaths as never,
    mutant: () =>
      editState(devicesMachine, 'active.camera.on', (s) => {
        delete (s.on as State)['devices.forced'];
      }),
  },
  {
    rule: 'forcing video off turns the camera off (docs/product.md §4): the camera is not let go',
    machine: devicesMachine,
    config: devicesPaths as never,
    mutant: () =>
      editState(devicesMachine, 'active.camera.on', (s) => {
        s.exit = [];
      }),
  },
  {
    rule: 'a camera forced off while the permission prompt is open is let go once granted',
    machine: devicesMachine,
    config: devicesPaths as never,
    mutant: () =>
      editState(devicesMachine, 'asking', (s) => dropAction(invoke(s).onDone, 'release')),
  },
  {
    rule: 'watching the stage lets go of the devices: the meeting is still given the old ones',
    machine: devicesMachine,
    config: devicesPaths as never,
    mutant: () =>
      editState(devicesMachine, 'active', (s) =>
        dropAction(on(s, 'devices.release'), 'clearStreams'),
      ),
  },
  {
    rule: 'a cancelled pending payment frees its dates at once: the calendar is read again (docs/product.md §4, Checkout)',
    machine: checkoutMachine,
    config: checkoutPaths as never,
    mutant: () =>
      editState(checkoutMachine, 'cancellingPending', (s) =>
        dropAction(invoke(s).onDone, 'pendingCancelled'),
      ),
  },
];

const byGuardOrContext: typeof mutations = [
  {
    rule: 'only items with a price above 0 are kept in the cart (docs/product.md §3)',
    machine: cartMachine,
    config: cartPaths as never,
    mutant: () => cartMachine.provide({ guards: { accepts: () => true } }),
  },
  {
    // Context only: no effect or event changes, the selectors the payment page reads see it.
    rule: 'a refused item (price 0, overlapping) is not put in the cart all the same',
    machine: cartMachine,
    config: cartPaths as never,
    mutant: () =>
      cartMachine.provide({
        actions: {
          refuse: assign(({ context }, params: { item: CartItem }) => ({
            cart: { ...context.cart, items: [...context.cart.items, params.item] },
          })),
        },
      }),
  },
  {
    rule: 'a total of 0 yen or less is never paid (docs/product.md §4, Checkout)',
    machine: checkoutMachine,
    config: checkoutPaths as never,
    mutant: () =>
      checkoutMachine.provide({
        guards: { canPay: ({ context }) => context.selectedId !== null },
      }),
  },
  {
    rule: 'a slot already booked is not added to the cart (docs/decisions/008)',
    machine: calendarReservationMachine,
    config: calendarPaths as never,
    mutant: () => calendarReservationMachine.provide({ guards: { hasConflicts: () => false } }),
  },
  {
    rule: "a watcher's or listener's devices are not applied to the meeting (ADR 026, 038)",
    machine: meetingMachine,
    config: meetingPaths as never,
    mutant: () => meetingMachine.provide({ guards: { receivesOnly: () => false } }),
  },
  {
    rule: 'turning on a force-disabled microphone keeps it off (docs/product.md §4)',
    machine: devicesMachine,
    config: devicesPaths as never,
    mutant: () => devicesMachine.provide({ guards: { micForced: () => false } }),
  },
];

describe('mutations of product rules fail the path tests', { timeout: 120_000 }, () => {
  it.each([...mutations, ...byGuardOrContext])('$rule', async ({ machine, config, mutant }) => {
    // The unmutated machine passes: machines.test.ts.
    const after = await measure({ name: machine.id, machine: mutant(), config }, undefined, true);

    expect(after.failures.length).toBeGreaterThan(0);
  });
});

const same: {
  change: string;
  config: MachinePaths<AnyStateMachine>;
  machine: () => AnyStateMachine;
}[] = [
  {
    change: 'session: isExcludedPath renamed',
    config: sessionPaths as never,
    machine: () => renameGuard(sessionMachine, 'isExcludedPath', 'onPageWithout401Redirect'),
  },
  {
    change: 'session: hasWorldId renamed',
    config: sessionPaths as never,
    machine: () => renameGuard(sessionMachine, 'hasWorldId', 'openedForAWorld'),
  },
  {
    change: 'cart: accepts renamed',
    config: cartPaths as never,
    machine: () => renameGuard(cartMachine, 'accepts', 'keepsItem'),
  },
  {
    change: 'calendar reservation: hasConflicts renamed',
    config: calendarPaths as never,
    machine: () => renameGuard(calendarReservationMachine, 'hasConflicts', 'alreadyBooked'),
  },
  {
    change: 'meeting: isWatching renamed',
    config: meetingPaths as never,
    machine: () => renameGuard(meetingMachine, 'isWatching', 'receiveOnly'),
  },
  {
    change: 'session: states reordered',
    config: sessionPaths as never,
    machine: () => reorderStates(sessionMachine),
  },
  {
    change: 'meeting: states reordered',
    config: meetingPaths as never,
    machine: () => reorderStates(meetingMachine),
  },
];

describe('changes no person sees fail nothing', { timeout: 120_000 }, () => {
  it.each(same)('$change', async ({ config, machine }) => {
    const after = await measure({ name: 'same', machine: machine(), config });

    expect(after.oracleKeys).toEqual([]);
    expect(after.failures.map((f) => f.failure)).toEqual([]);
  });
});

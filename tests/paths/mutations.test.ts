// The path tests must fail when a product rule is broken, even though the expected states are
// recomputed from the (broken) machine: the oracles of the .paths.ts are what catches it.
// Each case breaks one rule in a copy of the machine and asserts the replay goes red.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { devicesMachine } from '../../src/machines/devices.machine';
import { paths as devicesPaths } from '../../src/machines/devices.paths';
import { sessionMachine } from '../../src/machines/session.machine';
import { paths as sessionPaths } from '../../src/machines/session.paths';
import type { MachinePaths } from '../../src/machines/path-config';
import { measure } from './coverage';
import { dropAction, editState } from './mutate';

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
];

describe('mutations of product rules fail the path tests', { timeout: 60_000 }, () => {
  it.each(mutations)('$rule', async ({ machine, config, mutant }) => {
    // The unmutated machine passes: machines.test.ts.
    const after = await measure({ name: machine.id, machine: mutant(), config }, undefined, true);

    expect(after.failures.length + after.oracleKeys.length).toBeGreaterThan(0);
  });
});

// Issue 11: the server can force a device (or release it) whatever the visitor is doing, so the
// generated paths must send devices.forced in each of those states, not only once active.
import { expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { devicesMachine } from '../../src/machines/devices.machine';
import { paths } from '../../src/machines/devices.paths';
import type { MachinePaths } from '../../src/machines/path-config';
import { generatePaths, leafPaths } from './generate';

const WHERE = [
  'checking',
  'asking',
  'unavailable.denied',
  'active.camera.opening',
  'active.camera.busy',
  'active.camera.off',
  'active.camera.on',
  'active.screen.sharing',
];

it(
  'sends every forced event (force on, off, release) in every state the server can send it',
  { timeout: 60_000 },
  () => {
    const sent = new Map<string, Set<string>>();
    for (const path of generatePaths(devicesMachine, paths as MachinePaths<AnyStateMachine>)) {
      path.steps.forEach((step, i) => {
        const before = path.steps[i - 1];
        if (step.event.type !== 'devices.forced' || !before) return;
        const states = sent.get(step.label) ?? new Set();
        for (const leaf of leafPaths(before.value)) states.add(leaf);
        sent.set(step.label, states);
      });
    }
    const forcing = ['マイクを強制オフ', 'カメラを強制オフ'];
    const releasing = ['マイクの強制オフを解除', 'カメラの強制オフを解除'];
    for (const label of [...forcing, ...releasing]) {
      const states = [...(sent.get(label) ?? [])];
      // A camera forced off is never on, so its release is never sent while it is on.
      const possible = WHERE.filter(
        (w) => label !== 'カメラの強制オフを解除' || w !== 'active.camera.on',
      );
      expect(
        possible.filter((where) => !states.includes(where)),
        label,
      ).toEqual([]);
    }
  },
);

// The harness itself: it must catch a model the actor disagrees with and report what is uncovered.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import type { MachinePaths } from '../../src/machines/path-config';
import { discoverMachines, measure, uncoveredTransitions } from './coverage';
import { generatePaths } from './generate';
import { replayPath } from './replay';

const fixture = setup({
  types: {} as {
    context: { tries: number };
    events: { type: 'door.open' } | { type: 'door.close' };
  },
  actors: { unlock: fromPromise<string>(async () => 'never used: the harness provides it') },
  actions: { beep: () => {}, count: assign(({ context }) => ({ tries: context.tries + 1 })) },
  guards: { tooMany: ({ context }) => context.tries >= 2 },
}).createMachine({
  id: 'door',
  context: { tries: 0 },
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': 'unlocking' } },
    unlocking: {
      entry: 'count',
      invoke: { id: 'unlock', src: 'unlock', onDone: 'open', onError: 'closed' },
      always: { guard: 'tooMany', target: 'locked' },
    },
    open: { entry: 'beep', after: { 1000: 'closed' }, on: { 'door.close': 'closed' } },
    locked: { type: 'final' },
  },
});

const config: MachinePaths<typeof fixture> = {
  events: [
    { label: '開ける', event: { type: 'door.open' } },
    { label: '閉める', event: { type: 'door.close' } },
  ],
  outcomes: {
    unlock: [
      { label: '解錠', output: 'ok' },
      { label: '解錠失敗', error: new Error('jammed') },
    ],
  },
  oracles: {
    '(start)': {},
    'closed —door.open→ unlocking': {},
    'unlocking —xstate.done.actor.unlock→ open': { effects: ['beep'], takenBy: ['解錠'] },
    'unlocking —xstate.error.actor.unlock→ closed': {},
    'unlocking —always→ locked': {},
    'open —xstate.after.1000.door.open→ closed': {},
    'open —door.close→ closed': {},
  },
  manual: {
    setup: 'ドアの前に立つ。',
    steps: {
      開ける: '取っ手を引く。',
      閉める: '押して閉める。',
      解錠: '（錠が開く）',
      解錠失敗: { do: '錠を固くしておく。', see: '「開きません」のランプ。' },
      '1000ms 経過': '1秒待つ。',
    },
    states: {
      closed: '閉じている。',
      unlocking: '錠が回る音。',
      open: '開いている。',
      locked: '赤いランプ。',
    },
  },
  labels: {
    machine: 'ドア',
    states: { closed: '閉', unlocking: '解錠中', open: '開', locked: 'ロック' },
    events: { 'door.open': '開ける', 'door.close': '閉める' },
  },
};
const loaded = { name: 'door', machine: fixture, config: config as unknown as MachinePaths<never> };

describe('path harness', () => {
  it('replays done, error, eventless and delayed transitions to full coverage', async () => {
    const coverage = await measure(loaded as never);

    expect(coverage.failures).toEqual([]);
    expect(uncoveredTransitions(coverage)).toEqual([]);
    expect(
      coverage.paths.some((p) => p.steps.some((s) => s.event.type.startsWith('xstate.after.'))),
    ).toBe(true);
  });

  it('records the effects a path runs', async () => {
    const [toOpen] = generatePaths(fixture, loaded.config).filter(
      (p) => JSON.stringify(p.steps.at(-1)?.value) === '"open"',
    );
    if (!toOpen) throw new Error('no path to open');

    expect((await replayPath(fixture, toOpen)).effects).toEqual([
      { type: 'beep', params: undefined },
    ]);
  });

  it('fails a path whose expected state the actor does not reach', async () => {
    const [path] = generatePaths(fixture, loaded.config).filter((p) => p.steps.length > 1);
    if (!path) throw new Error('no path');
    const lying = {
      ...path,
      steps: path.steps.map((s, i) => (i === 1 ? { ...s, value: 'locked' } : s)),
    };

    expect((await replayPath(fixture, lying)).failure).toMatch(/^step 1: expected "locked"/);
  });

  it('fails a path whose effects differ from the oracle, and a transition without one', async () => {
    const silent = { ...config.oracles, 'unlocking —xstate.done.actor.unlock→ open': {} };
    const coverage = await measure({ ...loaded, config: { ...config, oracles: silent } } as never);

    expect(coverage.failures.map((f) => f.failure)).toContainEqual(
      expect.stringContaining('expected effects [], ran [{"type":"beep"'),
    );

    const missing = { ...config.oracles };
    delete missing['open —door.close→ closed'];
    const unkeyed = await measure({ ...loaded, config: { ...config, oracles: missing } } as never);

    expect(unkeyed.oracleKeys).toEqual(['no oracle for open —door.close→ closed']);
  });

  it('lists the transitions a missing outcome leaves uncovered', async () => {
    const withoutError = {
      ...loaded,
      config: { ...loaded.config, outcomes: { unlock: [{ label: '解錠', output: 'ok' }] } },
    };

    const coverage = await measure(withoutError as never);

    expect(uncoveredTransitions(coverage).map((t) => t.name)).toEqual([
      'unlocking —xstate.error.actor.unlock→ closed',
    ]);
  });

  it('lists the steps and states the manual leaves undescribed, and entries naming nothing', async () => {
    const steps: Record<string, unknown> = { ...config.manual.steps };
    delete steps['解錠失敗'];
    const manual = {
      ...config.manual,
      steps: { ...steps, 叩く: '叩く。' },
      states: { ...config.manual.states, open: '', ajar: '半開き。' },
    };

    const coverage = await measure({ ...loaded, config: { ...config, manual } } as never);

    expect(coverage.missingLabels).toEqual([
      'manual step "解錠失敗"',
      'manual state open',
      'manual step for no step: "叩く"',
      'manual state for no state: ajar',
    ]);
  });

  it('finds machines by file name and notices a missing .paths.ts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'machines-'));
    try {
      for (const file of ['a.machine.ts', 'a.paths.ts', 'b.machine.ts', 'b.machine.test.ts'])
        writeFileSync(path.join(dir, file), '');

      expect(discoverMachines(dir).map((e) => [e.name, e.pathsFile !== null])).toEqual([
        ['a', true],
        ['b', false],
      ]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

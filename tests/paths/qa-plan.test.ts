// The plan builder of `npm run qa:paths`: the minimal cover, the manual steps, links from
// transitions to paths, what a strategy drops, JSON, JUnit and thresholds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverMachines, loadMachine, measure } from './coverage';
import { minimalCover, planPaths } from './plan';
import { runQa } from './qa';
import { belowThreshold, readThresholds } from './thresholds';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa-plan-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

let measured: ReturnType<typeof measureSession> | undefined;
/** The session machine's paths, replayed once for the file (seconds on a loaded machine). */
const session = () => (measured ??= measureSession());

async function measureSession() {
  const entry = discoverMachines().find((e) => e.name === 'session');
  if (!entry) throw new Error('no session machine');
  const loaded = await loadMachine(entry);
  const full = await measure(loaded);
  const index = new Map(full.paths.map((p, i) => [p, i]));
  const taken = (p: (typeof full.paths)[number]) => {
    const replayed = full.perPath[index.get(p) ?? -1];
    if (!replayed) throw new Error('a path that was not replayed');
    return replayed;
  };
  return { loaded, full, taken };
}

describe('minimalCover', () => {
  const sets: Record<string, string[]> = {
    a: ['1', '2'],
    b: ['3', '4'],
    c: ['1', '2', '3', '5'],
    d: ['4', '6'],
    e: ['5'],
  };
  const keys = (item: string) => new Set(sets[item]);
  const byName = (a: string, b: string) => (a < b ? -1 : 1);

  it('covers every key with the fewest items greedy choice and pruning find', () => {
    // Greedy takes c (4 new), then d (4, 6), then b adds nothing: a and e are never needed.
    expect(minimalCover(Object.keys(sets), keys, byName)).toEqual(['c', 'd']);
  });

  it('drops an earlier pick that later picks cover', () => {
    const overlap: Record<string, string[]> = {
      x: ['1', '2', '3'],
      y: ['1', '4'],
      z: ['2', '3', '5'],
    };
    // Greedy: x (3), then y (4) and z (5); x is then covered by y and z together.
    expect(minimalCover(Object.keys(overlap), (i) => new Set(overlap[i]), byName).sort()).toEqual([
      'y',
      'z',
    ]);
  });

  it('breaks ties by the order given, so a plan is the same every run', () => {
    const tie: Record<string, string[]> = { p2: ['1'], p1: ['1'] };
    expect(minimalCover(['p2', 'p1'], (i) => new Set(tie[i]), byName)).toEqual(['p1']);
    expect(
      minimalCover(
        ['p2', 'p1'],
        (i) => new Set(tie[i]),
        (a, b) => byName(b, a),
      ),
    ).toEqual(['p2']);
  });
});

describe('the minimal plan', { timeout: 60_000 }, () => {
  it('takes every transition and state of the machine with far fewer paths than all of them', async () => {
    const { loaded, full, taken } = await session();

    const plan = planPaths(loaded, full.paths, { strategy: 'minimal' }, taken);

    const transitions = new Set(plan.paths.flatMap((p) => p.transitions));
    const states = new Set(plan.paths.flatMap((p) => [...taken(p.path).states]));
    expect([...transitions].sort()).toEqual(full.transitions.total.map((t) => t.key).sort());
    expect([...states].sort()).toEqual([...full.states.total].sort());
    expect(plan.paths.length).toBeLessThanOrEqual(10);
    expect(full.paths.length).toBeGreaterThan(100);
  });

  it('gives every step what to do and what the screen shows, from the manual of the .paths.ts', async () => {
    const { loaded, full, taken } = await session();

    const plan = planPaths(loaded, full.paths, { strategy: 'minimal' }, taken);

    for (const p of plan.paths) {
      expect(p.setup).toContain('demo@example.com');
      for (const step of p.steps) {
        expect(step.do, step.text).not.toContain('記載なし');
        expect(step.see, step.text).not.toContain('記載なし');
      }
    }
    const failedSignIn = plan.paths
      .flatMap((p) => p.steps)
      .find((s) => s.event === 'サインイン失敗');
    // A step's own result first, then the state's screen (docs/product.md §2: /signin).
    expect(failedSignIn?.see).toBe(
      '「ログインできませんでした。」と表示される。 URL が /signin、見出し「ログイン」。',
    );
  });
});

describe('qa:paths files', { timeout: 60_000 }, () => {
  it('links each transition to the paths that take it, in the Markdown and the HTML report', async () => {
    const out = tempDir();
    await runQa({ out, strategy: 'minimal', machine: 'session' });

    const md = readFileSync(path.join(out, 'session/plan.md'), 'utf8');
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const json = JSON.parse(readFileSync(path.join(out, 'plan.json'), 'utf8')) as {
      machines: { transitions: { name: string; paths: string[] }[]; paths: { id: string }[] }[];
    };
    const [machine] = json.machines;
    if (!machine) throw new Error('no machine in plan.json');

    expect(machine.transitions).toHaveLength(22);
    // The Markdown's transition table: one row per transition, in order, linking its paths.
    const table = md.slice(md.indexOf('## 遷移と経路'), md.indexOf('## 経路一覧')).split('\n');
    const rows = table.filter((line) => line.startsWith('| ') && !line.startsWith('| 遷移 |'));
    expect(
      rows.map((row) => [...row.matchAll(/\[(P-[0-9a-f]+)\]\(#\1\)/g)].map((m) => m[1])),
    ).toEqual(machine.transitions.map((t) => t.paths));
    for (const t of machine.transitions) {
      expect(t.paths.length, t.name).toBeGreaterThan(0);
      for (const id of t.paths) {
        expect(machine.paths.map((p) => p.id)).toContain(id);
        expect(md).toContain(`[${id}](#${id})`);
        expect(md).toContain(`<a id="${id}"></a>`);
        expect(html).toContain(`<a href="#session-${id}">${id}</a>`);
        expect(html).toContain(`id="session-${id}"`);
      }
    }
  });

  it('keeps what --strategy shortest drops visible: plan, JSON, JUnit, and a failed threshold', async () => {
    const out = tempDir();
    const result = await runQa({ out, strategy: 'shortest', machine: 'session' });

    const dropped = 'restoring —xstate.error.actor.restoreSession→ signedOut';
    const md = readFileSync(path.join(out, 'session/plan.md'), 'utf8');
    const junit = readFileSync(path.join(out, 'junit.xml'), 'utf8');
    const json = readFileSync(path.join(out, 'plan.json'), 'utf8');

    expect(result.belowThreshold).toEqual([{ name: 'session', reasons: ['遷移 86.3% < 100%'] }]);
    expect(md).toContain(
      '- セッション復元中 —restoreSession 失敗→ 未サインイン — この計画の経路は通らない（他の経路では通る',
    );
    expect(junit).toContain(
      `<testcase classname="session.transitions" name="${dropped}"><skipped message="この計画の経路は通らない`,
    );
    expect(junit).toMatch(
      /<testcase classname="session" name="coverage threshold"><failure message="遷移 86.3% &lt; 100%"\/><\/testcase>/,
    );
    expect(junit).toMatch(
      /<testsuite name="セッション（session）" tests="\d+" failures="1" errors="0" skipped="3">/,
    );
    expect(JSON.parse(json)).toMatchObject({ strategy: 'shortest', thresholdsEnforced: true });
    expect(json).toContain(`"name": "${dropped}",\n          "label"`);
  });

  it('enforces thresholds from one file, and not on a filtered plan', async () => {
    const out = tempDir();
    const strict = path.join(tempDir(), 'thresholds.json');
    writeFileSync(
      strict,
      JSON.stringify({ default: { states: 100, transitions: 100 }, machines: {} }),
    );

    const lenient = await runQa({
      out,
      strategy: 'all',
      machinesDir: FIXTURES,
      machine: 'turnstile',
      thresholds: path.join(FIXTURES, 'thresholds.json'),
    });
    const failing = await runQa({
      out,
      strategy: 'all',
      machinesDir: FIXTURES,
      machine: 'turnstile',
      thresholds: strict,
    });
    const filtered = await runQa({
      out,
      strategy: 'all',
      machinesDir: FIXTURES,
      machine: 'turnstile',
      thresholds: strict,
      maxLength: 1,
    });

    // The fixture's broken turnstile cannot be repaired: 3 of 4 transitions (75%).
    expect(lenient.belowThreshold).toEqual([]);
    expect(failing.belowThreshold).toEqual([
      { name: 'turnstile', reasons: ['状態 66.6% < 100%', '遷移 75% < 100%'] },
    ]);
    expect(filtered).toMatchObject({ belowThreshold: [], thresholdsEnforced: false });
  });

  it('refuses a thresholds file naming a machine that does not exist, or a value out of range', () => {
    const file = path.join(tempDir(), 'thresholds.json');
    writeFileSync(
      file,
      JSON.stringify({
        default: { states: 100, transitions: 100 },
        machines: { sesion: { states: 1, transitions: 1 } },
      }),
    );
    expect(() => readThresholds(file, ['session'])).toThrow(/no machine "sesion"/);

    writeFileSync(file, JSON.stringify({ default: { states: 100, transitions: 101 } }));
    expect(() => readThresholds(file, ['session'])).toThrow(
      /default\.transitions must be a percentage/,
    );
  });

  it('says which measure is under which threshold', () => {
    expect(
      belowThreshold({ states: 100, transitions: 99.9 }, { states: 100, transitions: 100 }),
    ).toEqual(['遷移 99.9% < 100%']);
    expect(
      belowThreshold({ states: 80, transitions: 80 }, { states: 80, transitions: 80 }),
    ).toEqual([]);
  });
});

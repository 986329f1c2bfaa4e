// `npm run qa:paths`: plans and report from the machines, deterministic, honest about gaps.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseQaArgs } from '../../scripts/qa-paths';
import { discoverMachines, loadMachine, MACHINES_DIR } from './coverage';
import { generatePaths } from './generate';
import { planPaths, type PlanOptions } from './plan';
import { runQa } from './qa';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const FIXTURE_THRESHOLDS = path.join(FIXTURES, 'thresholds.json');
const fixtures = { machinesDir: FIXTURES, thresholds: FIXTURE_THRESHOLDS };
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa-paths-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Every file under `dir`, by relative path, with its bytes. */
function snapshotDir(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = readFileSync(file, 'utf8');
  }
  return out;
}

async function sessionPlan(options: Partial<PlanOptions>) {
  const entry = discoverMachines().find((e) => e.name === 'session');
  if (!entry) throw new Error('no session machine');
  const loaded = await loadMachine(entry);
  return planPaths(loaded, generatePaths(loaded.machine, loaded.config), {
    strategy: 'all',
    ...options,
  });
}

describe('qa:paths', () => {
  it('writes a plan per machine, the report, JSON and JUnit, byte-identical on a second run', async () => {
    const first = tempDir();
    const second = tempDir();

    const result = await runQa({ out: first, strategy: 'minimal' });
    await runQa({ out: second, strategy: 'minimal' });

    const registered = discoverMachines()
      .filter((e) => e.pathsFile)
      .map((e) => e.name);
    expect(result.files).toEqual(
      [
        'index.html',
        'junit.xml',
        'plan.json',
        ...registered.flatMap((name) => [`${name}/plan.csv`, `${name}/plan.md`]),
      ].sort(),
    );
    expect(snapshotDir(first)).toEqual(snapshotDir(second));
    expect(result.failures).toBe(0);
    expect(result.belowThreshold).toEqual([]);
    // Two full runs over every machine: grows with the machines, and took 113 s at load 11 on
    // 2 cores. The limit is for a hang, not for the machine's speed.
  }, 600_000);

  it('shows a deliberately unreachable transition as uncovered, in red, in the report and the plan', async () => {
    const out = tempDir();

    await runQa({ out, strategy: 'all', ...fixtures, machine: 'turnstile' });

    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const plan = readFileSync(path.join(out, 'turnstile/plan.md'), 'utf8');
    expect(html).toMatch(
      /<g class="transition uncovered" data-transition="turnstile\.broken\|turnstile\.repair\|0">/,
    );
    expect(html).toMatch(/<tr class="uncovered"><td>T4<\/td><td>故障<\/td><td>修理/);
    expect(html).toMatch(/<g class="state uncovered" data-state="broken">/);
    expect(html).toContain('3/4（75%）');
    // The reachable ones are drawn as covered.
    expect(html).toContain(
      '<g class="transition" data-transition="turnstile.locked|turnstile.coin|0">',
    );
    expect(plan).toContain(
      '## この計画で通らない遷移\n\n- 故障 —修理→ 施錠 — どの生成経路も通らない（.paths.ts の入力値・結果が足りない）\n',
    );
  });

  it('lists a machine without a .paths.ts as unregistered instead of failing the whole run', async () => {
    const out = tempDir();

    const result = await runQa({ out, strategy: 'all', ...fixtures });

    expect(result.machines.map((m) => [m.name, m.problem ?? null])).toEqual([
      ['turnstile', null],
      ['unregistered', 'unregistered.paths.ts がありません（ハーネスに未登録）。'],
    ]);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain(
      'unregistered.paths.ts がありません',
    );
  });

  it('removes the plan of a machine that no longer exists on a full run, and only files it wrote', async () => {
    const out = tempDir();
    await runQa({ out, strategy: 'all', ...fixtures });
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(path.join(out, 'gone'));
    writeFileSync(path.join(out, 'gone/plan.md'), 'old');
    mkdirSync(path.join(out, 'notes'));
    writeFileSync(path.join(out, 'notes/readme.txt'), 'mine');

    await runQa({ out, strategy: 'all', ...fixtures });

    expect(Object.keys(snapshotDir(out)).sort()).toEqual([
      'index.html',
      'junit.xml',
      'notes/readme.txt',
      'plan.json',
      'turnstile/plan.csv',
      'turnstile/plan.md',
    ]);
  });

  it('keeps only paths through a state, named by path or by Japanese label', async () => {
    const byPath = await sessionPlan({ reaches: 'expired' });
    const byLabel = await sessionPlan({ reaches: 'ゲストのセッション切れ' });

    expect(byPath.paths.length).toBeGreaterThan(0);
    expect(byLabel.paths.map((p) => p.id)).toEqual(byPath.paths.map((p) => p.id));
    for (const p of byPath.paths)
      expect(p.steps.some((s) => s.to === 'ゲストのセッション切れ')).toBe(true);
  });

  it('keeps only paths taking an event, by type, label or variant label', async () => {
    const byType = await sessionPlan({ through: 'session.guestEntered' });
    const byVariant = await sessionPlan({ through: 'ワールド指定でサインイン' });

    expect(byType.paths.length).toBeGreaterThan(0);
    expect(byVariant.paths.length).toBeGreaterThan(0);
    for (const p of byType.paths)
      expect(p.path.steps.some((s) => s.event.type === 'session.guestEntered')).toBe(true);
    for (const p of byVariant.paths)
      expect(p.steps.some((s) => s.event === 'ワールド指定でサインイン')).toBe(true);
  });

  it('bounds the length and picks the strategy', async () => {
    const short = await sessionPlan({ maxLength: 2 });
    const simple = await sessionPlan({ strategy: 'simple' });
    const shortest = await sessionPlan({ strategy: 'shortest' });

    expect(Math.max(...short.paths.map((p) => p.length))).toBe(2);
    expect(new Set(simple.paths.map((p) => p.family))).toEqual(new Set(['simple']));
    expect(new Set(shortest.paths.map((p) => p.family))).toEqual(
      new Set(['shortest', 'transition']),
    );
  });

  it('gives a path the same id whatever else the plan holds', async () => {
    const all = new Map(
      (await sessionPlan({})).paths.map((p) => [p.id, p.steps.map((s) => s.text)]),
    );
    const filtered = await sessionPlan({ reaches: 'signingOut', maxLength: 3 });

    expect(filtered.paths.length).toBeGreaterThan(0);
    for (const p of filtered.paths) expect(all.get(p.id)).toEqual(p.steps.map((s) => s.text));
    expect(new Set(all.keys()).size).toBe(all.size);
  });

  it('writes one CSV row per step, with what to do and what the screen shows', async () => {
    const out = tempDir();
    await runQa({ out, strategy: 'shortest', machine: 'session', maxLength: 1 });

    const csv = readFileSync(path.join(out, 'session/plan.csv'), 'utf8');

    expect(csv.startsWith('\uFEFFID,目標状態,手,準備・操作,遷移,期待結果,手数,種類\r\n')).toBe(
      true,
    );
    // Written from the manual of session.paths.ts, itself from docs/product.md §2.
    expect(csv).toContain(
      'P-34e99888,未サインイン,1,シークレットウィンドウで /signin を開く（何も保存されていない）。,セッション復元中 --保存済みセッションなし--> 未サインイン,URL が /signin、見出し「ログイン」。,1,最短\r\n',
    );
    const plan = await sessionPlan({ strategy: 'shortest', maxLength: 1 });
    expect(csv.match(/^P-/gm)?.length).toBe(plan.paths.reduce((n, p) => n + 1 + p.length, 0));
  });

  it('refuses an unknown machine, state, event or strategy with a message naming it', async () => {
    const out = tempDir();
    await expect(runQa({ out, strategy: 'all', machine: 'nope' })).rejects.toThrow(
      /no machine "nope"; there are: .*session/,
    );
    await expect(runQa({ out, strategy: 'all', reaches: 'nowhere' })).rejects.toThrow(
      /no machine has a state "nowhere"/,
    );
    await expect(runQa({ out, strategy: 'all', through: 'never.sent' })).rejects.toThrow(
      /no machine has an event "never.sent"/,
    );
    expect(() => parseQaArgs(['--strategy', 'longest'])).toThrow(
      /--strategy must be one of minimal, all, shortest, simple/,
    );
    expect(() => parseQaArgs(['--max-length', 'three'])).toThrow(
      /--max-length must be a whole number/,
    );
  });

  it('reads the command line', () => {
    expect(
      parseQaArgs([
        '--machine',
        'session',
        '--strategy',
        'simple',
        '--max-length',
        '4',
        '--reaches',
        'expired',
        '--through',
        'session.signIn',
        '--out',
        'x',
      ]),
    ).toEqual({
      thresholds: undefined,
      machine: 'session',
      strategy: 'simple',
      maxLength: 4,
      reaches: 'expired',
      through: 'session.signIn',
      out: path.resolve('x'),
      machinesDir: undefined,
    });
    expect(parseQaArgs(['--help'])).toBe('help');
    expect(parseQaArgs([])).toMatchObject({ strategy: 'minimal' });
    expect(MACHINES_DIR).toBe(path.resolve(import.meta.dirname, '../../src/machines'));
  });
});

// The files of a test plan: Markdown and CSV per machine for people, JSON and JUnit XML for CI
// dashboards. Each transition names the paths that take it, and a plan that leaves a transition
// out says so (the shortest strategy drops some that other paths take).
import { coverageRow, uncoveredStates, uncoveredTransitions, type Coverage } from './coverage';
import type { TransitionInfo } from './model';
import { FAMILY_LABELS, STRATEGY_LABELS, type Plan } from './plan';
import type { Threshold } from './thresholds';

export interface TransitionRow {
  key: string;
  name: string;
  label: string;
  /** Ids of the plan's paths that take it, in plan order. */
  paths: string[];
  /** Some generated path takes it (false: no path at all reaches it, a gap in the .paths.ts). */
  reachable: boolean;
}

/** One machine's plan with what it covers, and against its threshold. */
export interface MachineResult {
  name: string;
  plan: Plan;
  /** Of the plan's paths. */
  coverage: Coverage;
  rows: TransitionRow[];
  threshold: Threshold;
  /** Why the plan is under its threshold (empty: it is not, or thresholds are not enforced). */
  below: string[];
}

export function transitionRows(
  plan: Plan,
  all: readonly TransitionInfo[],
  full: Coverage,
): TransitionRow[] {
  return all.map((t) => ({
    key: t.key,
    name: t.name,
    label: t.label,
    paths: plan.paths.filter((p) => p.transitions.includes(t.key)).map((p) => p.id),
    reachable: full.transitions.covered.has(t.key),
  }));
}

const percent = (covered: number, total: number) =>
  total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10;

export function counts(coverage: Coverage) {
  const row = coverageRow(coverage);
  const states = coverage.states.total.length - uncoveredStates(coverage).length;
  return {
    states: { covered: states, total: coverage.states.total.length, percent: row.statePercent },
    transitions: {
      covered: coverage.transitions.total.length - uncoveredTransitions(coverage).length,
      total: coverage.transitions.total.length,
      percent: row.transitionPercent,
    },
  };
}

const md = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/([*_`[\]<>])/g, '\\$1');

const ratio = (c: { covered: number; total: number }) =>
  `${c.covered}/${c.total}（${percent(c.covered, c.total)}%）`;

/** Why a transition has no path in this plan, for people. */
export const dropReason = (row: TransitionRow) =>
  row.reachable
    ? 'この計画の経路は通らない（他の経路では通る: --strategy minimal か all で含まれる）'
    : 'どの生成経路も通らない（.paths.ts の入力値・結果が足りない）';

/** The plan as Markdown: header, transitions with their paths, then every path step by step. */
export function formatPlanMarkdown(
  result: MachineResult,
  files: { machine: string; paths: string },
): string {
  const { plan, coverage, rows } = result;
  const c = counts(coverage);
  const lines = [
    `# テスト計画: ${md(plan.label)}（${md(plan.name)}）`,
    '',
    `- 対象: \`${files.machine}\`（手順・期待結果・ラベル: \`${files.paths}\`）`,
    `- 経路の種類: ${STRATEGY_LABELS[plan.options.strategy]}`,
    `- 絞り込み: ${plan.filters.length ? plan.filters.map(md).join('、') : 'なし'}`,
    `- 経路数: ${plan.paths.length}`,
    `- この計画の経路を実際のアクターで再生したカバレッジ: 状態 ${ratio(c.states)}、遷移 ${ratio(c.transitions)}`,
    `- 基準（tests/paths/thresholds.json）: 状態 ${result.threshold.states}%、遷移 ${result.threshold.transitions}%${result.below.length ? ` — **未達**: ${result.below.map(md).join('、')}` : ''}`,
    '',
    '各経路は「準備」のあと手順を順に行い、手順ごとに「期待結果」の画面になることを確かめます。',
    '',
  ];
  if (coverage.failures.length) {
    lines.push(
      '## 再生に失敗した経路（モデルと実装の不一致）',
      '',
      ...coverage.failures.map((f) => `- ${md(`${f.path.description}: ${f.failure}`)}`),
      '',
    );
  }
  const dropped = rows.filter((r) => r.paths.length === 0);
  if (dropped.length) {
    lines.push(
      '## この計画で通らない遷移',
      '',
      ...dropped.map((r) => `- ${md(r.label)} — ${dropReason(r)}`),
      '',
    );
  }
  lines.push('## 遷移と経路', '', '| 遷移 | 経路 |', '|---|---|');
  for (const row of rows)
    lines.push(
      `| ${md(row.label)} | ${row.paths.length ? row.paths.map((id) => `[${id}](#${id})`).join(' ') : '—'} |`,
    );
  lines.push('', '## 経路一覧', '', '| ID | 目標状態 | 手数 | 種類 |', '|---|---|---:|---|');
  for (const path of plan.paths)
    lines.push(
      `| [${path.id}](#${path.id}) | ${md(path.goalLabel)} | ${path.length} | ${FAMILY_LABELS[path.family]} |`,
    );
  if (plan.paths.length === 0) lines.push('| — | 条件に合う経路はありません | 0 | — |');
  lines.push('', '## 手順', '');
  for (const path of plan.paths) {
    lines.push(
      `### <a id="${path.id}"></a>${path.id}: ${md(path.goalLabel)}（${path.length} 手・${FAMILY_LABELS[path.family]}）`,
      '',
      `**準備**: ${md(path.setup)}`,
      '',
      `開始: ${md(path.start)} — ${md(path.startSee)}`,
      '',
    );
    path.steps.forEach((step, i) =>
      lines.push(
        `${i + 1}. **操作**: ${md(step.do)}`,
        `   - 遷移: ${md(step.text)}`,
        `   - **期待結果**: ${md(step.see)}`,
      ),
    );
    if (path.steps.length === 0) lines.push('（手順なし: 初期状態のみ）');
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The plan as CSV (UTF-8 with BOM, so that spreadsheet software reads the Japanese): one row per step. */
export function formatPlanCsv(plan: Plan): string {
  const rows = [['ID', '目標状態', '手', '準備・操作', '遷移', '期待結果', '手数', '種類']];
  for (const path of plan.paths) {
    const common = [String(path.length), FAMILY_LABELS[path.family]];
    rows.push([path.id, path.goalLabel, '0', path.setup, path.start, path.startSee, ...common]);
    path.steps.forEach((step, i) =>
      rows.push([path.id, path.goalLabel, String(i + 1), step.do, step.text, step.see, ...common]),
    );
  }
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Every machine's plan as one JSON document (qa/paths/plan.json). */
export function formatPlanJson(
  results: readonly MachineResult[],
  meta: { strategy: string; filters: readonly string[]; thresholdsEnforced: boolean },
): string {
  const machines = results.map((r) => ({
    name: r.name,
    label: r.plan.label,
    coverage: counts(r.coverage),
    threshold: r.threshold,
    belowThreshold: r.below,
    failures: r.coverage.failures.map((f) => ({ path: f.path.description, failure: f.failure })),
    transitions: r.rows.map((row) => ({
      name: row.name,
      label: row.label,
      paths: row.paths,
      ...(row.paths.length ? {} : { uncovered: dropReason(row) }),
    })),
    paths: r.plan.paths.map((p) => ({
      id: p.id,
      family: p.family,
      goal: p.goal,
      setup: p.setup,
      start: { state: p.start, see: p.startSee },
      steps: p.steps.map((s) => ({ from: s.from, event: s.event, to: s.to, do: s.do, see: s.see })),
    })),
  }));
  return `${JSON.stringify({ ...meta, machines }, null, 2)}\n`;
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * JUnit XML (qa/paths/junit.xml): per machine a suite with a case per path (failed when its replay
 * differs from the model or the oracles), a case per transition (skipped when the plan leaves it
 * out) and a case for the threshold.
 */
export function formatPlanJunit(results: readonly MachineResult[]): string {
  const suites = results.map((r) => {
    const failures = new Map(r.coverage.failures.map((f) => [f.path, f.failure]));
    const cases = [
      ...r.plan.paths.map((p) => {
        const failure = failures.get(p.path);
        return `    <testcase classname="${xml(r.name)}.paths" name="${xml(`${p.id}: ${p.path.description}`)}">${failure ? `<failure message="${xml(failure)}"/>` : ''}</testcase>`;
      }),
      ...r.rows.map(
        (row) =>
          `    <testcase classname="${xml(r.name)}.transitions" name="${xml(row.name)}">${row.paths.length ? '' : `<skipped message="${xml(dropReason(row))}"/>`}</testcase>`,
      ),
      `    <testcase classname="${xml(r.name)}" name="coverage threshold">${r.below.length ? `<failure message="${xml(r.below.join('; '))}"/>` : ''}</testcase>`,
    ];
    const failed = failures.size + (r.below.length ? 1 : 0);
    const skipped = r.rows.filter((row) => row.paths.length === 0).length;
    return [
      `  <testsuite name="${xml(`${r.plan.label}（${r.name}）`)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="${skipped}">`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="qa:paths">\n${suites.join('\n')}\n</testsuites>\n`;
}

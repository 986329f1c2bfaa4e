// The HTML coverage report of `npm run qa:paths` (qa/paths/index.html): one self-contained page,
// no script and no network, with per machine the diagram (uncovered transitions in red), the
// states and transitions covered or not with links to the paths that take them, the paths step by
// step (set-up, action, expected screen), and in total.
import {
  renderDiagram,
  escapeXml as esc,
  transitionNumbers,
} from '../../src/app/dev-machines/machine-diagram';
import type { MachineGraph } from '../../src/app/dev-machines/machine-graph';
import { coverageRow, uncoveredStates, uncoveredTransitions, type Coverage } from './coverage';
import { FAMILY_LABELS, STRATEGY_LABELS, type PlanOptions } from './plan';
import { dropReason, type MachineResult } from './plan-output';

export interface ReportMachine {
  name: string;
  /** The .paths.ts is missing or the machine failed to load: no plan, shown as a problem. */
  problem?: string;
  result?: MachineResult;
  graph?: MachineGraph;
}

/** The anchor of a path in the report: machines' ids may clash, so the machine is part of it. */
const anchor = (machine: string, id: string) => `${machine}-${id}`;

const percent = (covered: number, total: number) =>
  total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10;

function bar(covered: number, total: number): string {
  const p = percent(covered, total);
  const colour = p === 100 ? '#2e7d32' : '#c62828';
  return `<span class="bar"><span style="width:${p}%;background:${colour}"></span></span> ${covered}/${total}（${p}%）`;
}

function counts(coverage: Coverage) {
  return {
    states: coverage.states.total.length,
    statesCovered: coverage.states.total.length - uncoveredStates(coverage).length,
    transitions: coverage.transitions.total.length,
    transitionsCovered: coverage.transitions.total.length - uncoveredTransitions(coverage).length,
  };
}

const STYLE = `
body{font-family:system-ui,'Hiragino Sans','Noto Sans CJK JP',sans-serif;margin:0;color:#263238;line-height:1.6}
header,main{max-width:72rem;margin:0 auto;padding:0 1rem}
h1{font-size:1.5rem}h2{border-bottom:2px solid #cfd8dc;padding-bottom:.25rem;margin-top:2.5rem}
table{border-collapse:collapse;margin:.5rem 0 1rem}th,td{border:1px solid #cfd8dc;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#eceff1}td.num{text-align:right}
tr.uncovered td{background:#ffebee;color:#b71c1c;font-weight:bold}
.ok{color:#2e7d32}.ng{color:#c62828;font-weight:bold}
.bar{display:inline-block;width:8rem;height:.6rem;background:#eceff1;border-radius:.3rem;overflow:hidden;vertical-align:middle}
.bar span{display:block;height:100%}
.diagram{overflow-x:auto;border:1px solid #cfd8dc;border-radius:.5rem;padding:.5rem;background:#fafafa}
.legend span{display:inline-block;margin-right:1.5rem}
.legend i{display:inline-block;width:2rem;height:0;border-top:2px solid #546e7a;vertical-align:middle;margin-right:.25rem}
.legend i.red{border-top:3px dashed #c62828}
.problem{background:#ffebee;border-left:4px solid #c62828;padding:.5rem 1rem}
ol.steps li{margin-bottom:.5rem}.see{color:#1b5e20}.path:target{background:#fff8e1}
code{font-size:.9em}
`;

/** The whole report. `options` is shown so that a reader knows which plan the coverage is of. */
export function renderReport(
  machines: readonly ReportMachine[],
  options: PlanOptions,
  filters: readonly string[],
): string {
  const measured = machines.flatMap((m) => (m.result ? [m.result] : []));
  const total = measured
    .map((m) => counts(m.coverage))
    .reduce(
      (sum, c) => ({
        states: sum.states + c.states,
        statesCovered: sum.statesCovered + c.statesCovered,
        transitions: sum.transitions + c.transitions,
        transitionsCovered: sum.transitionsCovered + c.transitionsCovered,
      }),
      { states: 0, statesCovered: 0, transitions: 0, transitionsCovered: 0 },
    );
  const out: string[] = [
    '<!doctype html>',
    '<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>経路カバレッジレポート</title>',
    `<style>${STYLE}</style></head><body>`,
    '<header><h1>経路カバレッジレポート</h1>',
    `<p>テスト計画の経路を実際のアクターで再生し、通った状態と遷移を数えています。経路の種類: ${esc(STRATEGY_LABELS[options.strategy])}。絞り込み: ${esc(filters.join('、') || 'なし')}。</p>`,
    '<p class="legend"><span><i></i>カバー済みの遷移</span><span><i class="red"></i>未カバーの遷移（赤）</span><span>図の T 番号は遷移表の番号です。線にポインターを置くと内容が出ます。</span></p>',
    '</header><main>',
    '<h2 id="total">合計</h2>',
    '<table><thead><tr><th>ステートマシン</th><th>経路数</th><th>状態</th><th>遷移</th><th>計画</th></tr></thead><tbody>',
  ];
  for (const m of machines) {
    if (!m.result) {
      out.push(
        `<tr class="uncovered"><td><a href="#${esc(m.name)}">${esc(m.name)}</a></td><td colspan="4">${esc(m.problem ?? '')}</td></tr>`,
      );
      continue;
    }
    const c = counts(m.result.coverage);
    out.push(
      `<tr${m.result.below.length ? ' class="uncovered"' : ''}><td><a href="#${esc(m.name)}">${esc(m.result.plan.label)}</a>（${esc(m.name)}）</td><td class="num">${coverageRow(m.result.coverage).paths}</td><td>${bar(c.statesCovered, c.states)}</td><td>${bar(c.transitionsCovered, c.transitions)}</td><td><a href="${esc(m.name)}/plan.md">plan.md</a> / <a href="${esc(m.name)}/plan.csv">plan.csv</a></td></tr>`,
    );
  }
  out.push(
    `<tr><th>合計</th><th class="num">${measured.reduce((n, m) => n + m.coverage.paths.length, 0)}</th><th>${bar(total.statesCovered, total.states)}</th><th>${bar(total.transitionsCovered, total.transitions)}</th><th></th></tr>`,
    '</tbody></table>',
  );

  for (const m of machines) {
    out.push(`<section id="${esc(m.name)}">`);
    if (!m.result || !m.graph) {
      out.push(
        `<h2>${esc(m.name)}</h2>`,
        `<p class="problem">${esc(m.problem ?? '')}</p>`,
        '</section>',
      );
      continue;
    }
    const { graph } = m;
    const { coverage, plan, rows } = m.result;
    const c = counts(coverage);
    const rowOf = new Map(rows.map((row) => [row.key, row]));
    const numbers = transitionNumbers(graph);
    const label = new Map(graph.states.map((s) => [s.path, s.label]));
    out.push(
      `<h2>${esc(plan.label)}（${esc(m.name)}）</h2>`,
      `<p>経路 ${coverage.paths.length} 本 ／ 状態 ${bar(c.statesCovered, c.states)} ／ 遷移 ${bar(c.transitionsCovered, c.transitions)} ／ <a href="${esc(m.name)}/plan.md">plan.md</a> ・ <a href="${esc(m.name)}/plan.csv">plan.csv</a></p>`,
    );
    if (coverage.failures.length) {
      out.push('<div class="problem"><p>再生に失敗した経路（モデルと実装の不一致）:</p><ul>');
      for (const f of coverage.failures)
        out.push(`<li>${esc(`${f.path.description}: ${f.failure}`)}</li>`);
      out.push('</ul></div>');
    }
    if (m.result.below.length) {
      out.push(
        `<p class="problem">基準（${m.result.threshold.states}% / ${m.result.threshold.transitions}%）未達: ${esc(m.result.below.join('、'))}</p>`,
      );
    }
    if (coverage.missingLabels.length) {
      out.push(
        `<p class="problem">ラベルがありません: ${esc(coverage.missingLabels.join(', '))}</p>`,
      );
    }
    out.push(
      '<div class="diagram">',
      renderDiagram(graph, {
        idPrefix: `m-${m.name}`,
        coveredStates: coverage.states.covered,
        coveredTransitions: coverage.transitions.covered,
      }),
      '</div>',
      '<h3>遷移</h3>',
      '<table><thead><tr><th>番号</th><th>遷移元</th><th>イベント</th><th>条件</th><th>遷移先</th><th>カバー</th><th>経路</th></tr></thead><tbody>',
    );
    for (const t of graph.transitions) {
      const covered = coverage.transitions.covered.has(t.key);
      const row = rowOf.get(t.key);
      const paths = row?.paths.length
        ? row.paths.map((id) => `<a href="#${esc(anchor(m.name, id))}">${esc(id)}</a>`).join(' ')
        : esc(row ? dropReason(row) : '');
      out.push(
        `<tr${covered ? '' : ' class="uncovered"'}><td>${esc(numbers.get(t.key) ?? '')}</td><td>${esc(label.get(t.source) ?? t.source)}</td><td>${esc(t.eventLabel)}<br><code>${esc(t.eventType || 'always')}</code></td><td>${esc(t.guard ?? '')}</td><td>${esc(t.targets.map((x) => label.get(x) ?? x).join('、') || '（そのまま）')}</td><td>${covered ? '<span class="ok">✓ 済</span>' : '<span class="ng">✗ 未</span>'}</td><td>${paths}</td></tr>`,
      );
    }
    out.push(
      '</tbody></table>',
      '<h3>状態</h3>',
      '<table><thead><tr><th>状態</th><th>ID</th><th>カバー</th></tr></thead><tbody>',
    );
    for (const path of coverage.states.total) {
      const covered = coverage.states.covered.has(path);
      out.push(
        `<tr${covered ? '' : ' class="uncovered"'}><td>${esc(label.get(path) ?? path)}</td><td><code>${esc(path)}</code></td><td>${covered ? '<span class="ok">✓ 済</span>' : '<span class="ng">✗ 未</span>'}</td></tr>`,
      );
    }
    out.push('</tbody></table>', '<h3>経路（手順と期待結果）</h3>');
    for (const p of plan.paths) {
      out.push(
        `<div class="path" id="${esc(anchor(m.name, p.id))}"><h4>${esc(p.id)}: ${esc(p.goalLabel)}（${p.length} 手・${esc(FAMILY_LABELS[p.family])}）</h4>`,
        `<p><strong>準備</strong>: ${esc(p.setup)}</p>`,
        `<p>開始: ${esc(p.start)} — <span class="see">${esc(p.startSee)}</span></p>`,
        '<ol class="steps">',
        ...p.steps.map(
          (s) =>
            `<li><strong>操作</strong>: ${esc(s.do)}<br><small>${esc(s.text)}</small><br><strong>期待結果</strong>: <span class="see">${esc(s.see)}</span></li>`,
        ),
        '</ol></div>',
      );
    }
    out.push('</section>');
  }
  out.push('</main></body></html>');
  return `${out.join('\n')}\n`;
}

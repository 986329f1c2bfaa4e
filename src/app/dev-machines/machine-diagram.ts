// A statechart drawn as plain SVG markup, laid out here (no Mermaid, no network): compound states
// are boxes holding their children in columns by distance from the initial child; transitions are
// curves numbered T1, T2, … in definition order, the numbers matching the transition tables of the
// coverage report and the /dev/machines page. Deterministic: the same graph gives the same markup.
import type { GraphState, GraphTransition, MachineGraph } from './machine-graph';

export interface DiagramOptions {
  /** Unique within the document (marker ids). */
  idPrefix: string;
  /** Coverage: transitions not in the set are drawn red and thick. */
  coveredTransitions?: ReadonlySet<string>;
  /** Coverage: states not in the set are drawn red. */
  coveredStates?: ReadonlySet<string>;
  /** Live view: the active states, highlighted in blue. */
  active?: ReadonlySet<string>;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const FONT = 13;
const PAD = 14;
const LEFT_PAD = 30; // room for the initial-state dot
const TITLE_H = 28;
const ATOMIC_H = 38;
const COL_GAP = 96;
const ROW_GAP = 50;
const LOOP_ROOM = 30; // above a compound's children, for loops and arrows from above
const MARGIN = 36; // room for loops above the root's children

const RED = '#c62828';
const GREY = '#546e7a';
const BLUE = '#1565c0';

/** "T3" for the third transition of the machine, in definition order. */
export function transitionNumbers(graph: MachineGraph): Map<string, string> {
  return new Map(graph.transitions.map((t, i) => [t.key, `T${i + 1}`]));
}

function textWidth(text: string, size = FONT): number {
  let width = 0;
  for (const ch of text) width += (ch.codePointAt(0) ?? 0) > 0x2e80 ? size : size * 0.62;
  return width;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const within = (path: string, ancestor: string) => ancestor === '' || path === ancestor || path.startsWith(`${ancestor}.`);

/** Columns of a compound state's children: by breadth-first distance from its initial child. */
function columns(state: GraphState, transitions: GraphTransition[]): string[][] {
  const childOf = (path: string) => state.children.find((child) => within(path, child));
  const next = new Map<string, string[]>();
  for (const t of transitions) {
    const from = childOf(t.source);
    if (!from) continue;
    for (const target of t.targets) {
      const to = childOf(target);
      if (to && to !== from) next.set(from, [...(next.get(from) ?? []), to]);
    }
  }
  const rank = new Map<string, number>();
  const start = state.initial ?? state.children[0];
  if (start && state.kind !== 'parallel') {
    rank.set(start, 0);
    const queue = [start];
    while (queue.length) {
      const at = queue.shift() as string;
      for (const to of next.get(at) ?? []) {
        if (!rank.has(to)) {
          rank.set(to, (rank.get(at) ?? 0) + 1);
          queue.push(to);
        }
      }
    }
  }
  const unreached = Math.max(-1, ...rank.values()) + 1;
  const out: string[][] = [];
  for (const child of state.children) {
    const r = state.kind === 'parallel' ? 0 : (rank.get(child) ?? unreached);
    (out[r] ??= []).push(child);
  }
  return out.filter((column) => column.length > 0);
}

function layout(graph: MachineGraph): Map<string, Box> {
  const byPath = new Map(graph.states.map((s) => [s.path, s]));
  const size = new Map<string, { w: number; h: number; columns: string[][] }>();
  const measure = (path: string): { w: number; h: number } => {
    const state = byPath.get(path) as GraphState;
    if (state.children.length === 0) {
      const s = { w: Math.max(88, textWidth(state.label) + 2 * PAD), h: ATOMIC_H, columns: [] };
      size.set(path, s);
      return s;
    }
    const cols = columns(state, graph.transitions);
    let w = LEFT_PAD + PAD;
    let inner = 0;
    cols.forEach((column, i) => {
      const sizes = column.map(measure);
      w += Math.max(...sizes.map((s) => s.w)) + (i > 0 ? COL_GAP : 0);
      inner = Math.max(inner, sizes.reduce((sum, s) => sum + s.h, 0) + ROW_GAP * (column.length - 1));
    });
    const s = { w: Math.max(w, textWidth(state.label) + 2 * PAD + 40), h: TITLE_H + LOOP_ROOM + inner + 2 * PAD, columns: cols };
    size.set(path, s);
    return s;
  };
  measure('');

  const boxes = new Map<string, Box>();
  const place = (path: string, x: number, y: number) => {
    const s = size.get(path) as { w: number; h: number; columns: string[][] };
    boxes.set(path, { x, y, w: s.w, h: s.h });
    const inner = s.h - TITLE_H - LOOP_ROOM - 2 * PAD;
    let cx = x + LEFT_PAD;
    for (const column of s.columns) {
      const sizes = column.map((child) => size.get(child) as { w: number; h: number });
      const colW = Math.max(...sizes.map((c) => c.w));
      const colH = sizes.reduce((sum, c) => sum + c.h, 0) + ROW_GAP * (column.length - 1);
      let cy = y + TITLE_H + LOOP_ROOM + PAD + (inner - colH) / 2;
      column.forEach((child, i) => {
        const c = sizes[i] as { w: number; h: number };
        place(child, cx + (colW - c.w) / 2, cy);
        cy += c.h + ROW_GAP;
      });
      cx += colW + COL_GAP;
    }
  };
  place('', MARGIN, MARGIN);
  return boxes;
}

type Point = { x: number; y: number };
const center = (b: Box): Point => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });
const contains = (outer: Box, inner: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;

/** Where the ray from the box's centre towards `toward` leaves the box. */
function border(box: Box, toward: Point): Point {
  const c = center(box);
  const dx = toward.x - c.x;
  const dy = toward.y - c.y;
  if (dx === 0 && dy === 0) return c;
  const scale = Math.min(dx === 0 ? Infinity : box.w / 2 / Math.abs(dx), dy === 0 ? Infinity : box.h / 2 / Math.abs(dy));
  return { x: c.x + dx * scale, y: c.y + dy * scale };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

interface Edge {
  transition: GraphTransition;
  number: string;
  d: string;
  badge: Point;
}

function edges(graph: MachineGraph, boxes: Map<string, Box>): Edge[] {
  const numbers = transitionNumbers(graph);
  const pairs = new Map<string, number>();
  const loops = new Map<string, number>();
  const stubs = new Map<string, number>();
  const planned: { t: GraphTransition; from: string; to: string }[] = [];
  for (const t of graph.transitions) {
    for (const to of t.targets.length ? t.targets : [t.source]) planned.push({ t, from: t.source, to });
  }
  const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);
  const pairTotal = new Map<string, number>();
  for (const { from, to } of planned) if (from !== to) pairTotal.set(pairKey(from, to), (pairTotal.get(pairKey(from, to)) ?? 0) + 1);

  return planned.map(({ t, from, to }) => {
    const S = boxes.get(from) as Box;
    const T = boxes.get(to) as Box;
    const number = numbers.get(t.key) ?? '';
    if (from === to) {
      // A loop over the top edge, right-aligned, one beside the other.
      const k = loops.get(from) ?? 0;
      loops.set(from, k + 1);
      const x2 = S.x + S.w - 10 - k * 34;
      const x1 = x2 - 22;
      const top = S.y - 30;
      return {
        transition: t,
        number,
        d: `M${r1(x1)},${r1(S.y)} C${r1(x1 - 6)},${r1(top)} ${r1(x2 + 6)},${r1(top)} ${r1(x2)},${r1(S.y)}`,
        badge: { x: (x1 + x2) / 2, y: top + 6 },
      };
    }
    if (contains(S, T) || contains(T, S)) {
      // From a state to its own descendant (an event handled at the root): a short arrow from above.
      const inner = contains(S, T) ? T : S;
      const k = stubs.get(to) ?? 0;
      stubs.set(to, k + 1);
      const x = inner.x + 18 + k * 30;
      const down = contains(S, T);
      const [y1, y2] = down ? [inner.y - 26, inner.y] : [inner.y, inner.y - 26];
      return { transition: t, number, d: `M${r1(x)},${r1(y1)} L${r1(x)},${r1(y2)}`, badge: { x: x + 14, y: inner.y - 16 } };
    }
    const key = pairKey(from, to);
    const k = pairs.get(key) ?? 0;
    pairs.set(key, k + 1);
    const n = pairTotal.get(key) ?? 1;
    const [a, b] = from < to ? [center(S), center(T)] : [center(T), center(S)];
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const normal = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
    const offset = (k - (n - 1) / 2) * 30;
    const mid = { x: (a.x + b.x) / 2 + normal.x * offset, y: (a.y + b.y) / 2 + normal.y * offset };
    const p0 = border(S, mid);
    const p2 = border(T, mid);
    const badge = { x: 0.25 * p0.x + 0.5 * mid.x + 0.25 * p2.x, y: 0.25 * p0.y + 0.5 * mid.y + 0.25 * p2.y };
    return { transition: t, number, d: `M${r1(p0.x)},${r1(p0.y)} Q${r1(mid.x)},${r1(mid.y)} ${r1(p2.x)},${r1(p2.y)}`, badge };
  });
}

/** The diagram as an `<svg>` element's markup. */
export function renderDiagram(graph: MachineGraph, options: DiagramOptions): string {
  const boxes = layout(graph);
  const root = boxes.get('') as Box;
  const width = Math.ceil(root.x + root.w + MARGIN);
  const height = Math.ceil(root.y + root.h + MARGIN / 2);
  const id = options.idPrefix.replace(/[^A-Za-z0-9_-]/g, '_');
  const byPath = new Map(graph.states.map((s) => [s.path, s]));
  const label = (path: string) => byPath.get(path)?.label ?? path;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="machine-diagram" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(`${graph.label}の状態遷移図`)}" font-family="system-ui, 'Hiragino Sans', 'Noto Sans CJK JP', sans-serif" font-size="${FONT}">`,
    '<defs>',
    ...[
      ['grey', GREY],
      ['red', RED],
    ].map(
      ([name, colour]) =>
        `<marker id="${id}-arrow-${name}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${colour}"/></marker>`,
    ),
    '</defs>',
  );

  for (const state of graph.states) {
    const b = boxes.get(state.path) as Box;
    const uncovered = options.coveredStates !== undefined && state.path !== '' && !options.coveredStates.has(state.path);
    const active = options.active?.has(state.path) === true;
    const stroke = uncovered ? RED : active ? BLUE : state.path === '' ? '#263238' : GREY;
    const fill = uncovered ? '#ffebee' : active ? '#e3f2fd' : state.children.length ? '#ffffff' : '#f5f7f8';
    const strokeWidth = active || uncovered ? 2.5 : 1.2;
    const classes = ['state', uncovered ? 'uncovered' : '', active ? 'active' : ''].filter(Boolean).join(' ');
    out.push(`<g class="${classes}" data-state="${escapeXml(state.path)}">`);
    out.push(`<title>${escapeXml(`${state.label}（${state.path || 'ルート'}）${uncovered ? ' — 未到達' : ''}${active ? ' — 現在の状態' : ''}`)}</title>`);
    out.push(
      `<rect x="${r1(b.x)}" y="${r1(b.y)}" width="${r1(b.w)}" height="${r1(b.h)}" rx="10" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"${uncovered ? ' stroke-dasharray="6 3"' : ''}/>`,
    );
    if (state.kind === 'final') {
      out.push(`<rect x="${r1(b.x + 4)}" y="${r1(b.y + 4)}" width="${r1(b.w - 8)}" height="${r1(b.h - 8)}" rx="7" fill="none" stroke="${stroke}"/>`);
    }
    if (state.children.length) {
      out.push(
        `<text x="${r1(b.x + PAD)}" y="${r1(b.y + 19)}" font-weight="bold" fill="${stroke}">${escapeXml(state.label)}</text>`,
        `<line x1="${r1(b.x)}" y1="${r1(b.y + TITLE_H)}" x2="${r1(b.x + b.w)}" y2="${r1(b.y + TITLE_H)}" stroke="#cfd8dc"/>`,
      );
    } else {
      out.push(
        `<text x="${r1(b.x + b.w / 2)}" y="${r1(b.y + b.h / 2 + 4.5)}" text-anchor="middle"${active ? ' font-weight="bold"' : ''} fill="${uncovered ? RED : '#263238'}">${escapeXml(state.label)}</text>`,
      );
    }
    out.push('</g>');
    if (state.initial) {
      const c = boxes.get(state.initial) as Box;
      const y = c.y + c.h / 2;
      out.push(
        `<g class="initial"><circle cx="${r1(c.x - 20)}" cy="${r1(y)}" r="4.5" fill="#263238"/><path d="M${r1(c.x - 15)},${r1(y)} L${r1(c.x)},${r1(y)}" stroke="#263238" stroke-width="1.2" marker-end="url(#${id}-arrow-grey)"/></g>`,
      );
    }
  }

  for (const edge of edges(graph, boxes)) {
    const t = edge.transition;
    const uncovered = options.coveredTransitions !== undefined && !options.coveredTransitions.has(t.key);
    const colour = uncovered ? RED : GREY;
    const guard = t.guard ? ` [${t.guard}]` : '';
    const targets = t.targets.map(label).join('、') || '（そのまま）';
    const title = `${edge.number}: ${label(t.source)} —${t.eventLabel}${guard}→ ${targets}${uncovered ? ' — 未カバー' : ''}`;
    const badgeW = textWidth(edge.number, 11) + 10;
    out.push(
      `<g class="transition${uncovered ? ' uncovered' : ''}" data-transition="${escapeXml(t.key)}">`,
      `<title>${escapeXml(title)}</title>`,
      `<path d="${edge.d}" fill="none" stroke="${colour}" stroke-width="${uncovered ? 2.6 : 1.3}"${uncovered ? ' stroke-dasharray="7 4"' : ''} marker-end="url(#${id}-arrow-${uncovered ? 'red' : 'grey'})"/>`,
      `<rect x="${r1(edge.badge.x - badgeW / 2)}" y="${r1(edge.badge.y - 8)}" width="${r1(badgeW)}" height="16" rx="8" fill="${uncovered ? RED : '#ffffff'}" stroke="${colour}"/>`,
      `<text x="${r1(edge.badge.x)}" y="${r1(edge.badge.y + 4)}" text-anchor="middle" font-size="11" fill="${uncovered ? '#ffffff' : colour}">${escapeXml(edge.number)}</text>`,
      '</g>',
    );
  }
  out.push('</svg>');
  return out.join('\n');
}

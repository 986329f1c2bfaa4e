// A statechart drawn as plain SVG markup, laid out here (no Mermaid, no network), readable however
// many states and transitions a machine has: the states are rows, top to bottom in breadth-first
// order from each initial state, children indented inside their compound state's box; every
// transition is a bracket on the right (out of its source's row, down or up its own lane, into its
// target's row), lanes assigned so that no two brackets share a vertical stretch, and numbered
// T1, T2, … in definition order, the numbers matching the transition tables of the coverage report
// and the /dev/machines page. Deterministic: the same graph gives the same markup.
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
  /** Where brackets attach: the row of a leaf, the title bar of a compound state. */
  portTop: number;
  portBottom: number;
}

const FONT = 13;
const PAD = 14;
const INDENT = 28; // children inside their compound state, room for the initial-state dot
const TITLE_H = 28;
const ATOMIC_H = 36;
const ROW_GAP = 12;
const NEST_STEP = 10; // a compound's right edge beyond its children's
const PORT_GAP = 7; // between two brackets' ends on one box
const LANE_GAP = 26; // from the boxes to the first lane
const LANE_W = 36; // between lanes: room for a badge
const MARGIN = 16;

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
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const within = (path: string, ancestor: string) =>
  ancestor === '' || path === ancestor || path.startsWith(`${ancestor}.`);
const depthOf = (path: string) => (path === '' ? 0 : path.split('.').length);

/** A compound state's children by breadth-first distance from its initial child, then definition order. */
function orderedChildren(state: GraphState, transitions: readonly GraphTransition[]): string[] {
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
  const rankOf = (child: string) =>
    state.kind === 'parallel' ? 0 : (rank.get(child) ?? unreached);
  return state.children
    .map((child, i) => ({ child, i }))
    .sort((a, b) => rankOf(a.child) - rankOf(b.child) || a.i - b.i)
    .map(({ child }) => child);
}

/** One end of a bracket on a box's right edge. */
interface End {
  edge: number;
  /** -1: the bracket goes up from here, 1: down, 0: it comes back to the same box. */
  direction: number;
  lane: number;
  /** Out of the source, or into the target. */
  out: boolean;
}

interface Planned {
  transition: GraphTransition;
  from: string;
  to: string;
  lane: number;
}

interface Layout {
  boxes: Map<string, Box>;
  edges: { planned: Planned; d: string; badge: { x: number; y: number } }[];
  width: number;
  height: number;
}

function layout(graph: MachineGraph): Layout {
  const byPath = new Map(graph.states.map((s) => [s.path, s]));
  const rows: string[] = [];
  const visit = (path: string) => {
    rows.push(path);
    const state = byPath.get(path) as GraphState;
    for (const child of orderedChildren(state, graph.transitions)) visit(child);
  };
  visit('');
  const row = new Map(rows.map((path, i) => [path, i]));

  // Lanes: shortest brackets nearest the boxes; a lane holds brackets whose rows do not meet.
  const planned: Planned[] = graph.transitions.flatMap((transition) =>
    (transition.targets.length ? transition.targets : [transition.source]).map((to) => ({
      transition,
      from: transition.source,
      to,
      lane: 0,
    })),
  );
  const span = (p: Planned) =>
    [
      Math.min(row.get(p.from) ?? 0, row.get(p.to) ?? 0),
      Math.max(row.get(p.from) ?? 0, row.get(p.to) ?? 0),
    ] as const;
  const lanes: (readonly [number, number])[][] = [];
  planned
    .map((p, i) => ({ p, i }))
    .sort(
      (a, b) =>
        span(a.p)[1] - span(a.p)[0] - (span(b.p)[1] - span(b.p)[0]) ||
        span(a.p)[0] - span(b.p)[0] ||
        a.i - b.i,
    )
    .forEach(({ p }) => {
      const [lo, hi] = span(p);
      let lane = lanes.findIndex((taken) => taken.every(([a, b]) => hi < a || lo > b));
      if (lane < 0) lane = lanes.push([]) - 1;
      lanes[lane]?.push([lo, hi]);
      p.lane = lane;
    });

  // Ends on each box, ordered so that brackets leave without crossing each other there.
  const ends = new Map<string, End[]>();
  planned.forEach((p, edge) => {
    const direction = Math.sign((row.get(p.to) ?? 0) - (row.get(p.from) ?? 0));
    ends.set(p.from, [...(ends.get(p.from) ?? []), { edge, direction, lane: p.lane, out: true }]);
    ends.set(p.to, [
      ...(ends.get(p.to) ?? []),
      { edge, direction: -direction, lane: p.lane, out: false },
    ]);
  });
  const order = (e: End) =>
    e.direction < 0 ? -1000 + e.lane : e.direction > 0 ? 1000 - e.lane : 0;
  for (const list of ends.values())
    list.sort((a, b) => order(a) - order(b) || a.edge - b.edge || Number(b.out) - Number(a.out));

  // Rows top to bottom; a compound's box holds its title bar and its children.
  const maxDepth = Math.max(...rows.map(depthOf));
  const left = (path: string) => MARGIN + depthOf(path) * INDENT;
  const portRoom = (path: string) => (ends.get(path)?.length ?? 0) * PORT_GAP + 12;
  const baseRight = Math.max(
    ...rows.map(
      (path) =>
        left(path) +
        textWidth((byPath.get(path) as GraphState).label) +
        2 * PAD -
        (maxDepth - depthOf(path)) * NEST_STEP,
    ),
  );
  const right = (path: string) => baseRight + (maxDepth - depthOf(path)) * NEST_STEP;
  const lanesStart = Math.max(...rows.filter((p) => p !== '').map(right), baseRight) + LANE_GAP;
  const boxes = new Map<string, Box>();
  const place = (path: string, top: number): number => {
    const state = byPath.get(path) as GraphState;
    const head = Math.max(state.children.length ? TITLE_H : ATOMIC_H, portRoom(path));
    let y = top + head;
    for (const child of orderedChildren(state, graph.transitions)) y = place(child, y + ROW_GAP);
    if (state.children.length) y += PAD;
    const x = left(path);
    const boxRight = path === '' ? lanesStart + lanes.length * LANE_W + PAD : right(path);
    boxes.set(path, {
      x,
      y: top,
      w: boxRight - x,
      h: y - top,
      portTop: top,
      portBottom: top + head,
    });
    return y;
  };
  const bottom = place('', MARGIN);

  // The brackets: out of the source's right edge, along the lane, into the target's right edge.
  const portY = (path: string, edge: number, out: boolean) => {
    const box = boxes.get(path) as Box;
    const list = ends.get(path) ?? [];
    const k = list.findIndex((e) => e.edge === edge && e.out === out);
    const mid = (box.portTop + box.portBottom) / 2;
    return mid + (k - (list.length - 1) / 2) * PORT_GAP;
  };
  const portX = (path: string) =>
    path === '' ? lanesStart - LANE_GAP : (boxes.get(path) as Box).x + (boxes.get(path) as Box).w;
  const laneX = (lane: number) => lanesStart + lane * LANE_W + LANE_W / 2;
  const routes = planned.map((p, edge) => ({
    p,
    x: laneX(p.lane),
    y1: portY(p.from, edge, true),
    y2: portY(p.to, edge, false),
  }));
  // A badge sits on its bracket's vertical stretch, where other brackets' horizontals are farthest.
  const badgeY = ({ x, y1, y2 }: (typeof routes)[number]) => {
    const crossing = routes.flatMap((r) => [r.y1, r.y2].filter(() => r.x > x));
    const [lo, hi] = [Math.min(y1, y2), Math.max(y1, y2)];
    let best = (lo + hi) / 2;
    let room = -1;
    for (let y = lo + 8; y <= hi - 8; y += 2) {
      const nearest = Math.min(Infinity, ...crossing.map((c) => Math.abs(c - y)));
      if (nearest > room + 0.5) [best, room] = [y, nearest];
    }
    return best;
  };
  const edges = routes.map((route) => ({
    planned: route.p,
    d: `M${r1(portX(route.p.from))},${r1(route.y1)} H${r1(route.x)} V${r1(route.y2)} H${r1(portX(route.p.to))}`,
    badge: { x: route.x, y: badgeY(route) },
  }));
  const root = boxes.get('') as Box;
  return {
    boxes,
    edges,
    width: Math.ceil(root.x + root.w + MARGIN),
    height: Math.ceil(bottom + MARGIN),
  };
}

/** The diagram as an `<svg>` element's markup. */
export function renderDiagram(graph: MachineGraph, options: DiagramOptions): string {
  const { boxes, edges, width, height } = layout(graph);
  const numbers = transitionNumbers(graph);
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
    const uncovered =
      options.coveredStates !== undefined &&
      state.path !== '' &&
      !options.coveredStates.has(state.path);
    const active = options.active?.has(state.path) === true;
    const stroke = uncovered ? RED : active ? BLUE : state.path === '' ? '#263238' : GREY;
    const fill = uncovered
      ? '#ffebee'
      : active
        ? '#e3f2fd'
        : state.children.length
          ? '#ffffff'
          : '#f5f7f8';
    const strokeWidth = active || uncovered ? 2.5 : 1.2;
    const classes = ['state', uncovered ? 'uncovered' : '', active ? 'active' : '']
      .filter(Boolean)
      .join(' ');
    out.push(`<g class="${classes}" data-state="${escapeXml(state.path)}">`);
    out.push(
      `<title>${escapeXml(`${state.label}（${state.path || 'ルート'}）${uncovered ? ' — 未到達' : ''}${active ? ' — 現在の状態' : ''}`)}</title>`,
    );
    out.push(
      `<rect x="${r1(b.x)}" y="${r1(b.y)}" width="${r1(b.w)}" height="${r1(b.h)}" rx="10" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"${uncovered ? ' stroke-dasharray="6 3"' : ''}/>`,
    );
    if (state.kind === 'final') {
      out.push(
        `<rect x="${r1(b.x + 4)}" y="${r1(b.y + 4)}" width="${r1(b.w - 8)}" height="${r1(b.h - 8)}" rx="7" fill="none" stroke="${stroke}"/>`,
      );
    }
    if (state.children.length) {
      out.push(
        `<text x="${r1(b.x + PAD)}" y="${r1((b.portTop + b.portBottom) / 2 + 4.5)}" font-weight="bold" fill="${stroke}">${escapeXml(state.label)}</text>`,
        `<line x1="${r1(b.x)}" y1="${r1(b.portBottom)}" x2="${r1(b.x + b.w)}" y2="${r1(b.portBottom)}" stroke="#cfd8dc"/>`,
      );
    } else {
      out.push(
        `<text x="${r1(b.x + PAD)}" y="${r1(b.y + b.h / 2 + 4.5)}"${active ? ' font-weight="bold"' : ''} fill="${uncovered ? RED : '#263238'}">${escapeXml(state.label)}</text>`,
      );
    }
    out.push('</g>');
    if (state.initial) {
      const c = boxes.get(state.initial) as Box;
      const y = (c.portTop + c.portBottom) / 2;
      out.push(
        `<g class="initial"><circle cx="${r1(c.x - 20)}" cy="${r1(y)}" r="4.5" fill="#263238"/><path d="M${r1(c.x - 15)},${r1(y)} L${r1(c.x)},${r1(y)}" stroke="#263238" stroke-width="1.2" marker-end="url(#${id}-arrow-grey)"/></g>`,
      );
    }
  }

  for (const edge of edges) {
    const t = edge.planned.transition;
    const number = numbers.get(t.key) ?? '';
    const uncovered =
      options.coveredTransitions !== undefined && !options.coveredTransitions.has(t.key);
    const colour = uncovered ? RED : GREY;
    const guard = t.guard ? ` [${t.guard}]` : '';
    const targets = t.targets.map(label).join('、') || '（そのまま）';
    const title = `${number}: ${label(t.source)} —${t.eventLabel}${guard}→ ${targets}${uncovered ? ' — 未カバー' : ''}`;
    const badgeW = textWidth(number, 11) + 10;
    out.push(
      `<g class="transition${uncovered ? ' uncovered' : ''}" data-transition="${escapeXml(t.key)}">`,
      `<title>${escapeXml(title)}</title>`,
      `<path d="${edge.d}" fill="none" stroke="${colour}" stroke-width="${uncovered ? 2.6 : 1.3}"${uncovered ? ' stroke-dasharray="7 4"' : ''} marker-end="url(#${id}-arrow-${uncovered ? 'red' : 'grey'})"/>`,
      `<rect x="${r1(edge.badge.x - badgeW / 2)}" y="${r1(edge.badge.y - 8)}" width="${r1(badgeW)}" height="16" rx="8" fill="${uncovered ? RED : '#ffffff'}" stroke="${colour}"/>`,
      `<text x="${r1(edge.badge.x)}" y="${r1(edge.badge.y + 4)}" text-anchor="middle" font-size="11" fill="${uncovered ? '#ffffff' : colour}">${escapeXml(number)}</text>`,
      '</g>',
    );
  }
  out.push('</svg>');
  return out.join('\n');
}

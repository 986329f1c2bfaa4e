// /dev/machines, development only (src/app/route-table.ts leaves it out of production builds):
// every statechart in src/machines with its diagram, and the running actors of the app with their
// current state highlighted live. Machines join by existing, as in the path tests.
import { useMemo, useSyncExternalStore } from 'react';
import {
  StateMachine,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';
import type { MachinePaths } from '../../machines/path-config';
import { useOverlayActor } from '../loading-overlay';
import { useSessionActor } from '../session';
import { renderDiagram, transitionNumbers } from './machine-diagram';
import {
  activePaths,
  graphStateLabel,
  machineGraph,
  type GraphLabels,
  type MachineGraph,
} from './machine-graph';

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', {
  eager: true,
});
const pathsModules = import.meta.glob<{ paths?: MachinePaths<AnyStateMachine> }>(
  '../../machines/*.paths.ts',
  { eager: true },
);

export interface DevMachine {
  /** The file name without .machine.ts. */
  name: string;
  graph: MachineGraph | null;
  labels: GraphLabels;
  /** What is wrong with it, in Japanese: no .paths.ts, or not exactly one machine exported. */
  problem: string | null;
}

/** The machines of the given modules (by file path), sorted by file name. Exported for tests. */
export function devMachines(
  machines: Record<string, Record<string, unknown>>,
  paths: Record<string, { paths?: MachinePaths<AnyStateMachine> }>,
): DevMachine[] {
  return Object.keys(machines)
    .sort()
    .map((file) => {
      const name = file.replace(/^.*\//, '').replace(/\.machine\.ts$/, '');
      const found = Object.values(machines[file] ?? {}).filter(
        (value): value is AnyStateMachine => value instanceof StateMachine,
      );
      const declared = paths[file.replace(/\.machine\.ts$/, '.paths.ts')]?.paths;
      const labels: GraphLabels = declared?.labels ?? { machine: name, states: {}, events: {} };
      const machine = found.length === 1 ? found[0] : undefined;
      const problem = !machine
        ? `${name}.machine.ts がステートマシンを 1 つだけ公開していません（${found.length} 個）。`
        : !declared
          ? `${name}.paths.ts がありません: 状態とイベントは ID のまま表示しています。`
          : null;
      return { name, graph: machine ? machineGraph(machine, labels) : null, labels, problem };
    });
}

/** The actor's snapshot, re-rendering on change; unsubscribes on unmount or when the actor changes. */
function useActorSnapshot(actor: AnyActorRef): AnyMachineSnapshot {
  const subscribe = useMemo(
    () => (onChange: () => void) => {
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const read = () => actor.getSnapshot() as AnyMachineSnapshot;
  return useSyncExternalStore(subscribe, read, read);
}

interface RunningActor {
  label: string;
  actor: AnyActorRef;
}

export function DevMachinesPage() {
  const session = useSessionActor();
  const overlay = useOverlayActor();
  const running = useMemo<RunningActor[]>(
    () => [
      { label: 'セッション（src/app/session.tsx）', actor: session },
      { label: '読み込みオーバーレイ（src/app/loading-overlay.tsx）', actor: overlay },
    ],
    [session, overlay],
  );
  const machines = useMemo(() => devMachines(machineModules, pathsModules), []);
  return <DevMachinesView machines={machines} running={running} />;
}

export function DevMachinesView({
  machines,
  running,
}: {
  machines: DevMachine[];
  running: RunningActor[];
}) {
  return (
    <section aria-labelledby="dev-machines-title" className="dev-machines">
      <h1 id="dev-machines-title">ステートマシン（開発用）</h1>
      <p>
        src/machines のステートマシン {machines.length}{' '}
        個と、動作中のアクターの現在の状態（青）です。経路カバレッジは <code>npm run qa:paths</code>{' '}
        のレポート（qa/paths/index.html）で確認できます。
      </p>
      <nav aria-label="ステートマシン一覧">
        <ul>
          {machines.map((m) => (
            <li key={m.name}>
              <a href={`#machine-${m.name}`}>{m.labels.machine}</a>（{m.name}）
            </li>
          ))}
        </ul>
      </nav>
      {machines.map((m) => (
        <MachineSection key={m.name} machine={m} actors={running} />
      ))}
    </section>
  );
}

function MachineSection({ machine, actors }: { machine: DevMachine; actors: RunningActor[] }) {
  const { graph } = machine;
  const mine = actors.filter(
    (a) => graph !== null && (a.actor.getSnapshot() as AnyMachineSnapshot).machine?.id === graph.id,
  );
  return (
    <section
      id={`machine-${machine.name}`}
      aria-labelledby={`machine-${machine.name}-title`}
      style={{ marginTop: '2rem' }}
    >
      <h2 id={`machine-${machine.name}-title`}>
        {machine.labels.machine}（{machine.name}）
      </h2>
      {machine.problem && <p role="note">⚠ {machine.problem}</p>}
      {graph &&
        (mine.length === 0 ? (
          <>
            <p>動作中のアクター: なし</p>
            <Diagram graph={graph} active={null} />
          </>
        ) : (
          mine.map((a) => (
            <LiveActor key={a.label} graph={graph} labels={machine.labels} running={a} />
          ))
        ))}
      {graph && <TransitionList graph={graph} />}
    </section>
  );
}

function LiveActor({
  graph,
  labels,
  running,
}: {
  graph: MachineGraph;
  labels: GraphLabels;
  running: RunningActor;
}) {
  const snapshot = useActorSnapshot(running.actor);
  const active = activePaths(snapshot.value);
  const leaves = active.filter((path) => !active.some((other) => other.startsWith(`${path}.`)));
  return (
    <div>
      <p>
        動作中のアクター: {running.label} ／ 現在の状態:{' '}
        <strong data-testid={`current-state-${graph.id}`}>
          {leaves.map((path) => graphStateLabel(path, labels)).join('・')}
        </strong>{' '}
        <code>{JSON.stringify(snapshot.value)}</code>
      </p>
      <details>
        <summary>コンテキスト</summary>
        <pre style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(snapshot.context, null, 2)}</pre>
      </details>
      <Diagram graph={graph} active={new Set(active)} />
    </div>
  );
}

function Diagram({ graph, active }: { graph: MachineGraph; active: ReadonlySet<string> | null }) {
  const svg = renderDiagram(graph, { idPrefix: `dev-${graph.id}`, ...(active ? { active } : {}) });
  // The markup is ours (labels escaped in renderDiagram), built from the machine definitions.
  return <div style={{ overflowX: 'auto' }} dangerouslySetInnerHTML={{ __html: svg }} />;
}

function TransitionList({ graph }: { graph: MachineGraph }) {
  const numbers = transitionNumbers(graph);
  const label = new Map(graph.states.map((s) => [s.path, s.label]));
  return (
    <details>
      <summary>遷移の一覧（{graph.transitions.length} 件）</summary>
      <table>
        <thead>
          <tr>
            <th>番号</th>
            <th>遷移元</th>
            <th>イベント</th>
            <th>条件</th>
            <th>遷移先</th>
          </tr>
        </thead>
        <tbody>
          {graph.transitions.map((t) => (
            <tr key={t.key}>
              <td>{numbers.get(t.key)}</td>
              <td>{label.get(t.source)}</td>
              <td>
                {t.eventLabel} <code>{t.eventType || 'always'}</code>
              </td>
              <td>{t.guard}</td>
              <td>{t.targets.map((x) => label.get(x) ?? x).join('、') || '（そのまま）'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

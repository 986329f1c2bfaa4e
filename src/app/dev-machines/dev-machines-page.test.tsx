import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { loadingOverlayMachine } from '../../machines/loading-overlay.machine';
import { paths as overlayPaths } from '../../machines/loading-overlay.paths';
import { devMachines, DevMachinesView } from './dev-machines-page';

const lonely = setup({}).createMachine({ id: 'lonely', initial: 'idle', states: { idle: {} } });

const machines = devMachines(
  {
    '../../machines/loading-overlay.machine.ts': {
      loadingOverlayMachine,
      DEFAULT_SOURCE: 'default',
    },
    '../../machines/lonely.machine.ts': { lonely },
  },
  { '../../machines/loading-overlay.paths.ts': { paths: overlayPaths } },
);

describe('/dev/machines', () => {
  it('lists every machine module by file name, with its Japanese labels or a note that they are missing', () => {
    expect(machines.map((m) => [m.name, m.labels.machine, m.problem])).toEqual([
      ['loading-overlay', '読み込みオーバーレイ', null],
      [
        'lonely',
        'lonely',
        'lonely.paths.ts がありません: 状態とイベントは ID のまま表示しています。',
      ],
    ]);
  });

  it('shows a running actor’s current state in Japanese and highlights it in the diagram', () => {
    const actor = createActor(loadingOverlayMachine).start();
    actor.send({ type: 'overlay.loadingStart', message: '保存しています…' });

    const html = renderToStaticMarkup(
      <DevMachinesView machines={machines} running={[{ label: 'オーバーレイ', actor }]} />,
    );

    expect(html).toContain(
      '現在の状態: <strong data-testid="current-state-loadingOverlay">表示中</strong>',
    );
    expect(html).toContain('<g class="state active" data-state="shown">');
    expect(html).toContain('保存しています…');
    // A machine without a running actor is drawn without a current state.
    expect(html).toMatch(/id="machine-lonely"[^]*動作中のアクター: なし/);
    actor.stop();
  });
});

import { loadingOverlayMachine } from './loading-overlay.machine';
import { definePaths } from './path-config';

// Event payloads and Japanese labels for the generated path tests (tests/paths).

export const paths = definePaths(loadingOverlayMachine, {
  events: [
    { label: 'ページ読み込み開始', event: { type: 'overlay.pageStart' } },
    { label: 'ページ読み込み完了', event: { type: 'overlay.pageFinish' } },
    { label: '読み込み開始（メッセージなし）', event: { type: 'overlay.loadingStart' } },
    {
      label: '別の画面部品が読み込み開始（メッセージあり）',
      event: { type: 'overlay.loadingStart', source: 'save', message: '保存しています…' },
    },
    { label: '読み込み完了', event: { type: 'overlay.loadingFinish' } },
    {
      label: '別の画面部品の読み込み完了',
      event: { type: 'overlay.loadingFinish', source: 'save' },
    },
    {
      label: '画面部品が消えた（その読み込みをすべて完了）',
      event: { type: 'overlay.loadingFinish', source: 'save', all: true },
    },
  ],
  // Nesting is unbounded; two running loadings are enough to show every interleaving.
  filterEvents: (snapshot, event) =>
    event.type !== 'overlay.loadingStart' || snapshot.context.loadings.length < 2,
  // The overlay has no effects: what it shows is its state (spec section 3, app shell).
  oracles: {
    '(start)': {},
    'hidden —overlay.pageStart→ shown': {},
    'hidden —overlay.loadingStart→ shown': {},
    'shown —overlay.pageStart→ (stays)': {},
    'shown —overlay.pageFinish→ (stays)': {},
    'shown —overlay.loadingStart→ (stays)': {},
    'shown —overlay.loadingFinish→ (stays)': {},
    'shown —always [nothingLoading]→ hidden': {},
  },
  labels: {
    machine: '読み込みオーバーレイ',
    states: { hidden: '非表示', shown: '表示中' },
    events: {
      'overlay.pageStart': 'ページ読み込み開始',
      'overlay.pageFinish': 'ページ読み込み完了',
      'overlay.loadingStart': '読み込み開始',
      'overlay.loadingFinish': '読み込み完了',
    },
  },
});

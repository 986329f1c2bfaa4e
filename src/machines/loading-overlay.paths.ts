import { loadingOverlayMachine } from './loading-overlay.machine';
import { definePaths } from './path-config';

// Event payloads and Japanese labels for the generated path tests (tests/paths).

export const paths = definePaths(loadingOverlayMachine, {
  // What a person does and sees (npm run qa:paths), from docs/product.md §2 (App shell).
  manual: {
    setup:
      'npm start で起動したアプリを開き、DevTools の Network で通信速度を「Slow 3G」にしておく（読み込み中の表示を目で追えるように）。',
    steps: {
      ページ読み込み開始: 'アドレスバーから任意の画面を開く（ページの読み込みが始まる）。',
      ページ読み込み完了: '（前の操作の続き: ページの読み込みが終わる）',
      '読み込み開始（メッセージなし）': 'データを読み込む画面（/mypage/worlds など）へ移る。',
      '別の画面部品が読み込み開始（メッセージあり）':
        'メッセージ付きで読み込む操作を始める（例: 支払いページでの処理中表示）。',
      読み込み完了: '（前の操作の続き: 読み込みが終わる）',
      別の画面部品の読み込み完了: '（前の操作の続き: もう一方の読み込みも終わる）',
      '画面部品が消えた（その読み込みをすべて完了）': '読み込みの途中で別の画面へ移る。',
    },
    states: {
      hidden: 'ページ全体を覆う読み込み表示（スピナー）が出ていない。画面を操作できる。',
      shown:
        'ページ全体が読み込み表示（スピナー）で覆われる。メッセージ付きの読み込みでは、その文がスピナーの下に出る。',
    },
  },
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
  // The overlay has no effects: what it shows is its state (docs/product.md §2, app shell, and §4).
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

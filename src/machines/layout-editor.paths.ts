import type { LayoutSaveError, ServerLayout } from './layout-editor.machine';
import { layoutEditorMachine } from './layout-editor.machine';
import { definePaths } from './path-config';

// Event payloads, actor outcomes and Japanese labels for the generated path tests (tests/paths).

const worldId = '00000000-0000-4000-8000-00000000000a';
const hallId = '00000000-0000-4000-8000-0000000000b1';
const layout = (version: number): ServerLayout => ({
  id: worldId,
  worldId,
  name: 'レイアウト',
  version,
  width: 1200,
  height: 800,
  baseSpaceId: null,
  backgroundColor: '#FFFFFF',
  backgroundImageUrl: null,
  spaces: [
    {
      id: hallId,
      name: 'ホール',
      kind: 'hall',
      x: 0,
      y: 0,
      width: 600,
      height: 800,
      capacity: 100,
      occupancy: 0,
    },
  ],
  updatedAt: null,
});
const conflict: LayoutSaveError = {
  status: 409,
  messages: ['他の人が先にレイアウトを保存しました。'],
};
const refused: LayoutSaveError = { status: 422, messages: ['「A」と「B」が重なっています。'] };

export const paths = definePaths(layoutEditorMachine, {
  // What a person does and sees (npm run qa:paths), from docs/decisions/015-world-space.md.
  manual: {
    setup:
      'demo@example.com / demo-password でログインし、/mypage/worlds/<デモのワールドID>/editLayout を開く。競合を作るときは同じ画面を別のブラウザーでも開く。',
    steps: {
      テーブルを追加: '「テーブルを追加」を押す。',
      ホールを選ぶ: 'スペースの一覧でホールを選ぶ。',
      コピー: 'テーブルを選んで「コピー」（Ctrl+C）を押す。',
      貼り付け: '「貼り付け」（Ctrl+V）を押す。コピーが少しずらして置かれ、選ばれる。',
      プリセットとして保存:
        '保存済みの状態で「プリセット名」を入れて「プリセットとして保存」を押す。',
      プリセットになった: '（待つ: プリセットとして保存される）',
      元に戻す: '「元に戻す」を押す。',
      やり直す: '「やり直す」を押す。',
      保存: '「保存」を押す。',
      'プリセット「交流会」を適用': '「プリセット」で「交流会」を選び「プリセットを適用」を押す。',
      最新を読み込む: '「最新のレイアウトを読み込む（この編集は破棄されます）」を押す。',
      自分の編集を見続ける: '「自分の編集を表示したままにする」を押す。',
      再読み込み: '「再読み込み」を押す。',
      読み込めた: '（待つ: レイアウトが読み込まれる）',
      通信エラー: 'DevTools の Network で …/layout の要求をブロックして、その操作をする。',
      保存できた: '（待つ: 保存が終わる）',
      '他の人が先に保存していた（409）':
        '別のブラウザーで同じワールドのレイアウトを先に保存してから、この画面で操作する。',
      '配置の問題で拒否（422）': {
        do: 'スペースを重ねて配置してから保存する。',
        see: 'サーバーの理由（日本語）が表示され、編集は残る。',
      },
      適用できた: '（待つ: プリセットが適用される）',
      'プリセットが見つからない（404）':
        '存在しないプリセットを適用する（サーバーが 404 を返す）。',
    },
    states: {
      loading: '「読み込み中…」。',
      loadFailed: '読み込めなかった旨と「再読み込み」ボタン。',
      editing: 'レイアウトの図とスペースの一覧。未保存なら「未保存の変更があります」。',
      saving: '「保存しています…」。',
      applyingPreset: 'プリセットを適用中（操作できない）。',
      savingPreset: 'プリセットとして保存中（操作できない）。終わると保存した旨が表示される。',
      conflict:
        '他の人が先に保存した旨と「最新のレイアウトを読み込む（この編集は破棄されます）」「自分の編集を表示したままにする」。',
    },
  },
  input: { worldId },
  events: [
    {
      label: 'テーブルを追加',
      event: { type: 'editor.edit', edit: { kind: 'add', spaceKind: 'table' } },
    },
    { label: 'ホールを選ぶ', event: { type: 'editor.select', keys: [hallId] } },
    { label: 'コピー', event: { type: 'editor.copy' } },
    { label: '貼り付け', event: { type: 'editor.paste' } },
    { label: 'プリセットとして保存', event: { type: 'editor.savePreset', name: '私の交流会' } },
    { label: '元に戻す', event: { type: 'editor.undo' } },
    { label: 'やり直す', event: { type: 'editor.redo' } },
    { label: '保存', event: { type: 'editor.save' } },
    {
      label: 'プリセット「交流会」を適用',
      event: { type: 'editor.applyPreset', presetId: '3b2e7f40-5c1d-4e6a-8f3b-7d9e0a1b2001' },
    },
    { label: '最新を読み込む', event: { type: 'editor.reload' } },
    { label: '自分の編集を見続ける', event: { type: 'editor.keepEditing' } },
    { label: '再読み込み', event: { type: 'editor.retry' } },
  ],
  outcomes: {
    loadLayout: [
      { label: '読み込めた', output: layout(3) },
      { label: '通信エラー', error: new Error('network') },
    ],
    saveLayout: [
      { label: '保存できた', output: layout(4) },
      { label: '他の人が先に保存していた（409）', error: conflict },
      { label: '配置の問題で拒否（422）', error: refused },
    ],
    applyPreset: [
      { label: '適用できた', output: layout(4) },
      { label: '他の人が先に保存していた（409）', error: conflict },
      {
        label: 'プリセットが見つからない（404）',
        error: { status: 404, messages: ['プリセットが見つかりません。'] },
      },
    ],
    createPreset: [
      { label: 'プリセットになった', output: { name: '私の交流会' } },
      { label: '通信エラー', error: new Error('network') },
    ],
  },
  // Every transition is tried from the layout as first loaded, with at most one edit (a new
  // table, selected, so that a copy and a paste show the clipboard) or one selection; the hall
  // selected once. Longer histories repeat the same transitions with ever new contexts.
  filterEvents: ({ context }, event) => {
    const steps = context.past.length + context.future.length;
    const fresh =
      context.saved?.version === 3 && context.notice === null && context.messages.length === 0;
    switch (event.type) {
      case 'editor.edit':
      case 'editor.select':
        return fresh && steps === 0 && context.selection.length === 0 && !context.clipboard.length;
      case 'editor.copy':
        return fresh && context.clipboard.length === 0;
      case 'editor.paste':
        return steps === 1;
      case 'editor.undo':
      case 'editor.redo':
        return context.clipboard.length === 0;
      case 'editor.save':
      case 'editor.applyPreset':
      case 'editor.savePreset':
        return fresh && context.future.length === 0 && context.clipboard.length === 0;
      default:
        return true;
    }
  },
  maxSimplePaths: 60,
  // What a person expects (docs/decisions on the world's space): the editor has no effects outside
  // its own draft, so what is fixed here is where each answer of the server leads: only a 409
  // (someone saved first) asks whether to reload; any other refusal keeps the draft to try again.
  oracles: {
    '(start)': {},
    'loading —xstate.done.actor.loadLayout→ editing': {},
    'loading —xstate.error.actor.loadLayout→ loadFailed': {},
    'loadFailed —editor.retry→ loading': {},
    'editing —editor.edit→ (stays)': {},
    'editing —editor.select→ (stays)': {},
    'editing —editor.undo→ (stays)': {},
    'editing —editor.redo→ (stays)': {},
    'editing —editor.copy→ (stays)': {},
    'editing —editor.paste→ (stays)': {},
    'editing —editor.save→ saving': {},
    'editing —editor.savePreset→ savingPreset': {},
    'savingPreset —xstate.done.actor.createPreset→ editing': { takenBy: ['プリセットになった'] },
    'savingPreset —xstate.error.actor.createPreset→ editing': { takenBy: ['通信エラー'] },
    'editing —editor.applyPreset→ applyingPreset': {},
    'saving —xstate.done.actor.saveLayout→ editing': { takenBy: ['保存できた'] },
    'saving —xstate.error.actor.saveLayout→ conflict': {
      takenBy: ['他の人が先に保存していた（409）'],
    },
    'saving —xstate.error.actor.saveLayout→ editing': {
      takenBy: ['配置の問題で拒否（422）'],
    },
    'applyingPreset —xstate.done.actor.applyPreset→ editing': { takenBy: ['適用できた'] },
    'applyingPreset —xstate.error.actor.applyPreset→ conflict': {
      takenBy: ['他の人が先に保存していた（409）'],
    },
    'applyingPreset —xstate.error.actor.applyPreset→ editing': {
      takenBy: ['プリセットが見つからない（404）'],
    },
    'conflict —editor.reload→ loading': {},
    'conflict —editor.keepEditing→ editing': {},
  },
  labels: {
    machine: 'レイアウトエディター',
    states: {
      loading: '読み込み中',
      loadFailed: '読み込み失敗',
      editing: '編集中',
      saving: '保存中',
      applyingPreset: 'プリセット適用中',
      savingPreset: 'プリセットとして保存中',
      conflict: '保存の競合',
    },
    events: {
      'editor.edit': '編集',
      'editor.select': '選択',
      'editor.undo': '元に戻す',
      'editor.redo': 'やり直す',
      'editor.save': '保存',
      'editor.copy': 'コピー',
      'editor.paste': '貼り付け',
      'editor.applyPreset': 'プリセットを適用',
      'editor.savePreset': 'プリセットとして保存',
      'editor.reload': '最新を読み込む',
      'editor.keepEditing': '編集に戻る',
      'editor.retry': '再読み込み',
    },
  },
});

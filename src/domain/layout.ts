// A world's layout (docs/decisions/015-world-space.md): rules shared by the editor and the server.

/** Every layout is drawn on the same grid of integer units; the editor snaps to GRID. */
export const LAYOUT_WIDTH = 1200;
export const LAYOUT_HEIGHT = 800;
export const GRID = 20;
const MAX_SPACES = 100;
export const MAX_SPACE_NAME = 50;
// Layout names (100) and seats (1 to 1000) are bounded by the contract (openapi/), checked before
// any rule here runs.

export const SPACE_KINDS = ['hall', 'stage', 'table'] as const;
export type SpaceKind = (typeof SPACE_KINDS)[number];
export const spaceKindLabels: Record<SpaceKind, string> = {
  hall: 'ホール',
  stage: 'ステージ',
  table: 'テーブル',
};

export type Rect = { x: number; y: number; width: number; height: number };
export type PlacedSpace = Rect & { name: string; kind: SpaceKind; capacity: number };

export const layoutMessages = {
  outside: (name: string) =>
    `「${name}」がレイアウトの外にはみ出しています（幅${LAYOUT_WIDTH}・高さ${LAYOUT_HEIGHT}の内側に置いてください）。`,
  overlap: (a: string, b: string) => `「${a}」と「${b}」が重なっています。`,
  oneHall: 'ホールはちょうど1つ必要です。',
  oneStage: 'ステージは1つまでです。',
  tooMany: `スペースは${MAX_SPACES}個までです。`,
  stale:
    '他の人が先にレイアウトを保存しました。最新のレイアウトを読み込んでから、もう一度編集してください。',
  belowAttendees: (name: string, present: number) =>
    `「${name}」には${present}人が着席しているため、席数を${present}未満にはできません。`,
  removeOccupied: (name: string, present: number) =>
    `「${name}」には${present}人が着席しているため、削除できません。`,
  notThisWorld: 'このワールドのスペースではないIDが含まれています。',
  duplicateId: '同じIDのスペースが2つ以上含まれています。',
  hallFixed:
    'ホールはワールドのメインスペースのまま残してください（IDを変えずに保存してください）。',
  spaceNotFound: 'スペースが見つかりません。',
  full: (name: string, capacity: number) =>
    `「${name}」は満席です（${capacity}席）。別のテーブルを選んでください。`,
  presetNotFound: 'プリセットが見つかりません。',
  builtInPreset: '組み込みのプリセットは変更・削除できません。',
  baseSpaceNotFound: 'ベーススペースが見つかりません。',
  image:
    'backgroundImageUrl: このワールドのレイアウト用にアップロードした画像（purpose: layoutImage）を指定してください。',
} as const;

export function overlaps(a: Rect, b: Rect) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Every problem of a layout's spaces, in Japanese; empty when it can be saved. Spaces stay inside
 * the grid and never overlap (touching edges is fine); one hall, at most one stage.
 */
export function layoutProblems(spaces: readonly PlacedSpace[]): string[] {
  const problems: string[] = [];
  if (spaces.length > MAX_SPACES) problems.push(layoutMessages.tooMany);
  if (spaces.filter((s) => s.kind === 'hall').length !== 1) problems.push(layoutMessages.oneHall);
  if (spaces.filter((s) => s.kind === 'stage').length > 1) problems.push(layoutMessages.oneStage);
  spaces.forEach((s, i) => {
    if (s.x < 0 || s.y < 0 || s.x + s.width > LAYOUT_WIDTH || s.y + s.height > LAYOUT_HEIGHT)
      problems.push(layoutMessages.outside(s.name));
    for (const other of spaces.slice(i + 1))
      if (overlaps(s, other)) problems.push(layoutMessages.overlap(s.name, other.name));
  });
  return problems;
}

/** Only the fields of a placed space (drops ids, occupancy and the like). */
export function placedSpace({
  name,
  kind,
  x,
  y,
  width,
  height,
  capacity,
}: PlacedSpace): PlacedSpace {
  return { name, kind, x, y, width, height, capacity };
}

export function snap(value: number): number {
  return Math.round(value / GRID) * GRID;
}

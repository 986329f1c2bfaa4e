// A world's layout (docs/decisions/015-world-space.md): rules shared by the editor and the server.

/** Every layout is drawn on the same grid of integer units; the editor snaps to GRID. */
export const LAYOUT_WIDTH = 1200;
export const LAYOUT_HEIGHT = 800;
export const GRID = 20;
const MAX_SPACES = 100;
export const MAX_SPACE_NAME = 50;
export const MAX_SEATS = 1000;
// Layout names (100), space names and seats are bounded by the contract too (openapi/), checked
// before any rule here runs; the editor checks them here to say so beside the space.

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
  seats: (name: string) => `「${name}」の席数は1〜${MAX_SEATS}の整数にしてください。`,
  name: `スペースの名前は1〜${MAX_SPACE_NAME}文字で入力してください。`,
  image:
    'backgroundImageUrl: このワールドのレイアウト用にアップロードした画像（purpose: layoutImage）を指定してください。',
} as const;

export function overlaps(a: Rect, b: Rect) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** One problem of a layout, in Japanese, and the indexes of the spaces it is about. */
export type LayoutProblem = { message: string; spaces: number[] };

/**
 * Every problem of a layout's spaces; empty when it can be saved. Spaces stay inside the grid and
 * never overlap (touching edges is fine); one hall, at most one stage; names of 1–50 characters
 * and 1–1000 seats.
 */
export function layoutIssues(spaces: readonly PlacedSpace[]): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const all = (kind: SpaceKind) => spaces.flatMap((s, i) => (s.kind === kind ? [i] : []));
  if (spaces.length > MAX_SPACES) problems.push({ message: layoutMessages.tooMany, spaces: [] });
  if (all('hall').length !== 1) problems.push({ message: layoutMessages.oneHall, spaces: [] });
  if (all('stage').length > 1)
    problems.push({ message: layoutMessages.oneStage, spaces: all('stage') });
  spaces.forEach((s, i) => {
    const name = [...s.name].length;
    if (name < 1 || name > MAX_SPACE_NAME)
      problems.push({ message: layoutMessages.name, spaces: [i] });
    if (!Number.isInteger(s.capacity) || s.capacity < 1 || s.capacity > MAX_SEATS)
      problems.push({ message: layoutMessages.seats(s.name), spaces: [i] });
    if (s.x < 0 || s.y < 0 || s.x + s.width > LAYOUT_WIDTH || s.y + s.height > LAYOUT_HEIGHT)
      problems.push({ message: layoutMessages.outside(s.name), spaces: [i] });
    spaces.forEach((other, j) => {
      if (j > i && overlaps(s, other))
        problems.push({ message: layoutMessages.overlap(s.name, other.name), spaces: [i, j] });
    });
  });
  return problems;
}

/** The messages of layoutIssues. */
export function layoutProblems(spaces: readonly PlacedSpace[]): string[] {
  return layoutIssues(spaces).map((p) => p.message);
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

// What the world page records of a visit (docs/product.md §インサイト): the kind of action and
// when, never what was said, typed or shown. The server keeps only these types (others skipped).

/** The longest range insights and action counts answer (docs/product.md, "Insights"). */
export const INSIGHTS_MAX_RANGE_DAYS = 92;

export const USER_ACTION_TYPES = [
  'world.entered',
  'world.left',
  'space.moved',
  'mic.on',
  'mic.off',
  'camera.on',
  'camera.off',
  'share.started',
  'share.stopped',
  'stage.watchStarted',
  'questionnaire.answered',
  'chat.posted',
] as const;
export type UserActionType = (typeof USER_ACTION_TYPES)[number];

export const USER_ACTION_LABELS: Readonly<Record<UserActionType, string>> = {
  'world.entered': '入室',
  'world.left': '退室',
  'space.moved': 'スペース移動',
  'mic.on': 'マイクオン',
  'mic.off': 'マイクオフ',
  'camera.on': 'カメラオン',
  'camera.off': 'カメラオフ',
  'share.started': '画面共有開始',
  'share.stopped': '画面共有終了',
  'stage.watchStarted': 'ステージ視聴開始',
  'questionnaire.answered': 'アンケート回答',
  'chat.posted': 'チャット投稿',
};

export function isUserActionType(value: unknown): value is UserActionType {
  return typeof value === 'string' && (USER_ACTION_TYPES as readonly string[]).includes(value);
}

export interface UserAction {
  actionType: UserActionType;
  occurredAt: string;
}

/** One NDJSON line per action, each ending in a newline. */
export function toNdjson(actions: readonly UserAction[]): string {
  return actions.map((a) => `${JSON.stringify(a)}\n`).join('');
}

/** What of a visit's state the recorder compares from one moment to the next. */
export interface VisitState {
  /** The space whose meeting the visitor is in (as attendee or watcher), null outside. */
  spaceId: string | null;
  watching: boolean;
  micOn: boolean;
  cameraOn: boolean;
  sharing: boolean;
}

export const OUTSIDE: VisitState = {
  spaceId: null,
  watching: false,
  micOn: false,
  cameraOn: false,
  sharing: false,
};

/**
 * The actions that take a visit from `before` to `after`. Joining a meeting from outside is
 * entering (the devices as they are then are no action), leaving every meeting is leaving;
 * inside, moves, watching and device changes.
 */
export function actionsBetween(before: VisitState, after: VisitState): UserActionType[] {
  if (before.spaceId === null && after.spaceId === null) return [];
  if (after.spaceId === null) return ['world.left'];
  if (before.spaceId === null)
    return after.watching ? ['world.entered', 'stage.watchStarted'] : ['world.entered'];
  const actions: UserActionType[] = [];
  if (after.watching && !before.watching) actions.push('stage.watchStarted');
  else if (after.spaceId !== before.spaceId) actions.push('space.moved');
  const flag = (was: boolean, is: boolean, on: UserActionType, off: UserActionType) => {
    if (was !== is) actions.push(is ? on : off);
  };
  flag(before.micOn, after.micOn, 'mic.on', 'mic.off');
  flag(before.cameraOn, after.cameraOn, 'camera.on', 'camera.off');
  flag(before.sharing, after.sharing, 'share.started', 'share.stopped');
  return actions;
}

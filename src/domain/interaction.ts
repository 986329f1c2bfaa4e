// Taking part without the microphone (docs/product.md §4 リアクション・挙手・状態, ADR 034): the
// reactions, the raised hand and the status (`nowDoing`), as the browser and the server share them.
import { isStorableText, messages } from './validation-messages';

/** The fixed set of reactions, in the order the toolbar offers them, each with its Japanese label. */
export const REACTIONS = [
  { kind: 'clap', emoji: '👏', label: '拍手' },
  { kind: 'thumbsUp', emoji: '👍', label: 'いいね' },
  { kind: 'laugh', emoji: '😂', label: '笑い' },
  { kind: 'surprised', emoji: '😮', label: '驚き' },
  { kind: 'heart', emoji: '❤️', label: 'ハート' },
  { kind: 'party', emoji: '🎉', label: 'お祝い' },
] as const;

export type ReactionKind = (typeof REACTIONS)[number]['kind'];

export const REACTION_KINDS = REACTIONS.map((r) => r.kind) as [ReactionKind, ...ReactionKind[]];

export const reactionOf = (kind: string) => REACTIONS.find((r) => r.kind === kind);

export const INTERACTION_LIMITS = {
  /** How long a reaction stays over the tile and the seat. */
  reactionShownMs: 3000,
  /**
   * Reactions of a world sent within this window go out in one realtime message (the server
   * batches them), so a burst of 500 a second costs each client about 10 frames, not 500.
   */
  reactionWindowMs: 100,
  /** Reactions one person may send in `reactionRateWindowSeconds`. */
  reactionRateLimit: 10,
  reactionRateWindowSeconds: 5,
  /** Hands raised or lowered by one person in `handRateWindowSeconds`. */
  handRateLimit: 10,
  handRateWindowSeconds: 10,
  /** Characters (code points) of a free-text status. */
  statusMaxLength: 40,
  /** Status changes of one person in `statusRateWindowSeconds`. */
  statusRateLimit: 10,
  statusRateWindowSeconds: 10,
  /** Minutes with the tab hidden before the status becomes 離席中, by default. */
  awayAfterMinutes: 5,
} as const;

/** The statuses offered as they are; any other text up to 40 characters is a free status. */
export const STATUS_PRESETS = ['対応可能', '取り込み中', '離席中', '発表中'] as const;

/** The status the page sets by itself while the tab is hidden. */
export const AWAY_STATUS = '離席中';

/** The Japanese texts, word for word as docs/product.md states them. */
export const interactionTexts = {
  unknownReaction: 'このリアクションは使えません。',
  notInSpace: 'スペースに入ってから操作してください。',
  handNotInSpace: 'このスペースにいないため、手を挙げられません。',
  handNotRaised: 'この人は手を挙げていません。',
  reactionTooFast: `リアクションが速すぎます。${INTERACTION_LIMITS.reactionRateWindowSeconds}秒間に送れるのは${INTERACTION_LIMITS.reactionRateLimit}回までです。`,
  tooFast: '操作が速すぎます。少し待ってからもう一度お試しください。',
  reacted: (name: string, label: string) => `${name}さん：${label}`,
  status: (name: string, status: string) => `${name}さん（${status}）`,
} as const;

export type StatusCheck = { ok: true; nowDoing: string | null } | { ok: false; error: string };

/** A status as it will be kept: trimmed, blank clears it, at most 40 characters, storable. */
export function checkStatus(text: string | null): StatusCheck {
  if (text === null) return { ok: true, nowDoing: null };
  if (!isStorableText(text)) return { ok: false, error: messages.unstorableCharacter() };
  const nowDoing = text.trim();
  if (nowDoing === '') return { ok: true, nowDoing: null };
  if ([...nowDoing].length > INTERACTION_LIMITS.statusMaxLength)
    return { ok: false, error: messages.maxLength(INTERACTION_LIMITS.statusMaxLength) };
  return { ok: true, nowDoing };
}

// Questions to the stage and announcements to every space (docs/product.md §4 ステージへの質問,
// 全体へのお知らせ; ADR 035): the rules the browser and the server share.
import { isStorableText, messages } from './validation-messages';

export const STAGE_QUESTION_LIMITS = {
  /** Characters (code points) of one question, after trimming blank space. */
  maxLength: 300,
  /** Characters of one announcement. */
  announcementMaxLength: 200,
  /** Questions one person may post in `rateWindowSeconds`. */
  rateLimit: 3,
  rateWindowSeconds: 30,
  /** Votes (and vote takebacks) one person may cast in `voteWindowSeconds`. */
  voteLimit: 20,
  voteWindowSeconds: 10,
  /** The list answers at most this many questions, the newest. */
  listCap: 500,
} as const;

/** The Japanese texts, word for word as docs/product.md states them. */
export const stageQuestionTexts = {
  notFound: '質問が見つかりません。',
  ownQuestion: '自分の質問には投票できません。',
  alreadyVoted: 'この質問にはもう投票しています。',
  closed: '回答済みまたは非表示の質問には投票できません。',
  tooFast: `質問の投稿が速すぎます。${STAGE_QUESTION_LIMITS.rateWindowSeconds}秒間に送れる質問は${STAGE_QUESTION_LIMITS.rateLimit}件までです。`,
  tooManyVotes: '投票の操作が速すぎます。少し待ってからもう一度お試しください。',
  announcementTooFast: 'お知らせの投稿が速すぎます。少し待ってからもう一度お試しください。',
  html: 'HTMLのタグは送れません。文字だけで入力してください。',
  csvName: (world: string) => `${world}_ステージへの質問.csv`,
  csvHeader: ['投稿日時', '投稿者', '質問', '投票数', '回答済み', '非表示'],
  yes: 'はい',
  no: 'いいえ',
} as const;

const HTML_TAG = /<\/?[a-z][^>]*>|<!--/i;

export type TextCheck = { ok: true; text: string } | { ok: false; error: string };

/** Plain text as it will be kept: trimmed, 1–`max` characters, storable, no HTML tag. */
function checkPlainText(raw: string, max: number): TextCheck {
  if (!isStorableText(raw)) return { ok: false, error: messages.unstorableCharacter() };
  const text = raw.trim();
  if (text === '') return { ok: false, error: messages.required() };
  // Characters as a person counts them: an emoji outside the BMP is one, not two UTF-16 units.
  if ([...text].length > max) return { ok: false, error: messages.maxLength(max) };
  if (HTML_TAG.test(text)) return { ok: false, error: stageQuestionTexts.html };
  return { ok: true, text };
}

export const checkQuestionBody = (raw: string) =>
  checkPlainText(raw, STAGE_QUESTION_LIMITS.maxLength);

export const checkAnnouncementBody = (raw: string) =>
  checkPlainText(raw, STAGE_QUESTION_LIMITS.announcementMaxLength);

export interface StageQuestionView {
  id: string;
  voteCount: number;
  createdAt: string;
  answered: boolean;
  hidden: boolean;
}

export type StageQuestionOrder = 'votes' | 'time';

/**
 * The list as shown: open questions before answered ones; by votes (most first, then older
 * first) or by time (newest first).
 */
export function sortQuestions<Q extends StageQuestionView>(
  list: readonly Q[],
  order: StageQuestionOrder,
): Q[] {
  return [...list].sort((a, b) => {
    if (a.answered !== b.answered) return a.answered ? 1 : -1;
    if (order === 'votes' && a.voteCount !== b.voteCount) return b.voteCount - a.voteCount;
    const byTime = a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
    return order === 'votes' ? byTime : -byTime;
  });
}

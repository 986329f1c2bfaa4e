// Chat in a world (docs/product.md §4 チャット, ADR 029): the rules the browser and the server
// share. A message is plain text; links are found here and drawn by the view as text nodes.
import { isStorableText, messages } from './validation-messages';

export const CHAT_LIMITS = {
  /** Characters (code points) of one message, after trimming blank space. */
  maxLength: 1000,
  /** Messages the history opens with, and loads each time older ones are asked for. */
  historyPage: 50,
  /** Messages one person may post in `rateWindowSeconds`. */
  rateLimit: 5,
  rateWindowSeconds: 5,
} as const;

/** The Japanese texts of the chat, word for word as docs/product.md states them. */
export const chatTexts = {
  deleted: '削除されたメッセージ',
  muted: 'チャットでの発言を止められています。',
  mutedNotice: 'オーナーまたはスタッフがあなたのチャットでの発言を止めました。',
  unmutedNotice: 'チャットで発言できるようになりました。',
  kicked: 'このワールドから退出させられたため、チャットに書き込めません。',
  worldChatOff: 'ワールド全体のチャットはオフになっています。',
  spaceChatOff: 'スペースのチャットはオフになっています。',
  notInSpace: 'このスペースにいないため、ここには書き込めません。',
  notInWorld: '相手はこのワールドにいません。',
  notToSelf: '自分にはメッセージを送れません。',
  notYours: '自分のメッセージだけを削除できます。',
  notFound: 'メッセージが見つかりません。',
  memberNotFound: 'メンバーが見つかりません。',
  notInChannel: 'このチャンネルのメッセージではありません。',
  tooFast: `送信が速すぎます。${CHAT_LIMITS.rateWindowSeconds}秒間に送れるメッセージは${CHAT_LIMITS.rateLimit}件までです。少し待ってから送ってください。`,
  cannotMuteOwner: 'オーナーの発言は止められません。',
  staffCannotMuteStaff: 'スタッフはほかのスタッフの発言を止められません。',
  cannotMuteSelf: '自分の発言は止められません。',
  badRange: '開始日は終了日より前にしてください。',
  html: 'HTMLのタグは送れません。文字だけで入力してください。',
  worldChannel: 'ワールド全体',
  mentioned: (name: string) => `${name}さんがあなたをメンションしました`,
} as const;

// An HTML tag or comment (<b>, </script>, <img src=x onerror=…>, <!-- -->): refused as input
// (docs/product.md §4), while "a<b" or "<3" stay plain text. Nothing is rendered as HTML anyway.
const HTML_TAG = /<\/?[a-z][^>]*>|<!--/i;

export type ChatBodyCheck = { ok: true; body: string } | { ok: false; error: string };

/** A message's text as it will be kept: trimmed, 1–1,000 characters, storable. */
export function checkChatBody(text: string): ChatBodyCheck {
  if (!isStorableText(text)) return { ok: false, error: messages.unstorableCharacter() };
  const body = text.trim();
  if (body === '') return { ok: false, error: messages.required() };
  // Characters as a person counts them: an emoji outside the BMP is one, not two UTF-16 units.
  if ([...body].length > CHAT_LIMITS.maxLength)
    return { ok: false, error: messages.maxLength(CHAT_LIMITS.maxLength) };
  if (HTML_TAG.test(body)) return { ok: false, error: chatTexts.html };
  return { ok: true, body };
}

export type ChatSegment =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Only an ASCII http:// or https:// starts a link, and only at the start or after a character that
// cannot be part of a scheme: `javascript:`, `data:`, a full-width ｈｔｔｐ or `xhttp://` never do.
// A URL ends at the first character RFC 3986 does not allow (blank space, <, ", Japanese text).
const URL_CANDIDATE = /(?<![A-Za-z0-9+.-])https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&()*+,;=%]+/gi;
// Punctuation that usually ends the sentence rather than the URL.
const TRAILING = /[.,;:!?)\]}'"]+$/;

function safeHref(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null; // https://bank.example@evil.example/ look-alikes
  return url.href;
}

/** The text cut into plain text and http(s) links, in order; nothing is ever HTML. */
export function linkify(text: string): ChatSegment[] {
  const segments: ChatSegment[] = [];
  let last = 0;
  const push = (plain: string) => {
    if (plain === '') return;
    const previous = segments.at(-1);
    if (previous?.kind === 'text') previous.text += plain;
    else segments.push({ kind: 'text', text: plain });
  };
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const candidate = match[0].replace(TRAILING, '');
    const start = match.index;
    const href = safeHref(candidate);
    push(text.slice(last, start));
    if (href) segments.push({ kind: 'link', text: candidate, href });
    else push(candidate);
    last = start + candidate.length;
  }
  push(text.slice(last));
  return segments;
}

/**
 * The people named with @name: a name of the world's members right after an @ that starts the
 * text or follows blank space. The longest name wins (@山田 花子 over @山田), and a name must end
 * there (blank space, punctuation or the end), so @山田太郎 does not name 山田.
 */
export function findMentions(
  text: string,
  members: readonly { id: string; name: string }[],
): string[] {
  const byLength = members
    .filter((m) => m.name.trim() !== '')
    .sort((a, b) => b.name.length - a.name.length);
  const found = new Set<string>();
  for (const match of text.matchAll(/(?<=^|\s)[@＠]/g)) {
    const rest = text.slice(match.index + 1);
    const named = byLength.find(
      (m) => rest.startsWith(m.name) && !/^[\p{L}\p{N}_]/u.test(rest.slice(m.name.length)),
    );
    if (!named) continue;
    // Everyone of that name is named: the text cannot tell two 田中 apart.
    for (const m of members) if (m.name === named.name) found.add(m.id);
  }
  return [...found];
}

// ---------------------------------------------------------------------------------------------
// Channels

type ChatKind = 'world' | 'space' | 'direct';

/** A channel as one person names it: `world`, `space:<id>`, `direct:<the other person>`. */
export type ChatChannelKey = 'world' | `space:${string}` | `direct:${string}`;

export type ParsedChannel =
  { kind: 'world' } | { kind: 'space'; spaceId: string } | { kind: 'direct'; userId: string };

export function parseChannelKey(key: string): ParsedChannel | null {
  if (key === 'world') return { kind: 'world' };
  const [kind, id, ...rest] = key.split(':');
  if (!id || rest.length > 0) return null;
  if (kind === 'space') return { kind: 'space', spaceId: id };
  if (kind === 'direct') return { kind: 'direct', userId: id };
  return null;
}

type Addressed = {
  kind: ChatKind;
  spaceId: string | null;
  senderId: string;
  recipientId: string | null;
};

/** The channel a message belongs to, as `viewerId` names it. */
export function channelOfMessage(message: Addressed, viewerId: string): ChatChannelKey {
  if (message.kind === 'world') return 'world';
  if (message.kind === 'space') return `space:${message.spaceId}`;
  const other = message.senderId === viewerId ? message.recipientId : message.senderId;
  return `direct:${other}`;
}

/** The one name of a channel for everyone in it (the direct pair in id order). */
export function storedChannelKey(channel: ParsedChannel, viewerId: string): string {
  if (channel.kind === 'world') return 'world';
  if (channel.kind === 'space') return `space:${channel.spaceId}`;
  const [a, b] = [viewerId, channel.userId].sort();
  return `direct:${a}:${b}`;
}

/**
 * What a key in the composer does (docs/product.md §4): Enter sends, Shift+Enter breaks the
 * line, and an Enter that confirms an IME conversion (isComposing, or keyCode 229 where the
 * browser reports the composition only that way) never sends.
 */
export function composerKey(key: {
  key: string;
  shiftKey: boolean;
  isComposing: boolean;
  keyCode: number;
}): 'send' | 'newline' | 'type' {
  if (key.key !== 'Enter') return 'type';
  if (key.isComposing || key.keyCode === 229) return 'type';
  return key.shiftKey ? 'newline' : 'send';
}

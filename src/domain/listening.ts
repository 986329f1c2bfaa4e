// Listening in (hearingTable, docs/product.md §4 テーブルを聞く, ADR 038): hearing a table without a
// seat and without sending anything, as the browser and the server share it.

export const LISTENING_LIMITS = {
  /** Listening starts of one person in `rateWindowSeconds` (owner and staff's switch too). */
  rateLimit: 20,
  rateWindowSeconds: 60,
} as const;

/** The Japanese texts, word for word as docs/product.md states them. */
export const listeningTexts = {
  notTable: '聞くことができるのはテーブルだけです。',
  closed: 'このテーブルは聞くことができない設定になっています。',
  alreadyThere: 'すでにこのテーブルにいます。',
  nobody: 'このテーブルにはだれもいません。',
  mesh: 'このテーブルは少人数用（3席以下）のため、聞くことができません。',
  notAtTable: 'このテーブルにいないため、聞いている人を見ることはできません。',
  cannotSend:
    '聞いている間はマイク・カメラ・画面共有を使えません。聞くのをやめるか、テーブルに移動してください。',
  listen: (table: string) => `「${table}」を聞く`,
  listening: (table: string) =>
    `「${table}」を聞いています。あなたのマイク・カメラは送られていません。`,
  stop: '聞くのをやめる',
  listeners: (n: number) => `聞いている人 ${n}人`,
  allow: (table: string) => `「${table}」を聞けるようにする`,
  forbid: (table: string) => `「${table}」を聞けないようにする`,
} as const;

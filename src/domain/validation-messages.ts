// docs/product.md §5: these texts are requirements, word for word.
export const messages = {
  required: () => '入力してください。',
  maxLength: (n: number) => `${n}文字以下で入力してください。`,
  minNumber: (n: number) => `${n}以上の値にしてください。`,
  nonEmptyArray: () => '1つ以上入力してください。',
  // Not in that table; worded in the same style.
  minLength: (n: number) => `${n}文字以上で入力してください。`,
  maxNumber: (n: number) => `${n}以下の値にしてください。`,
  maxItems: (n: number) => `${n}個以下で入力してください。`,
  email: () => 'メールアドレスの形式が正しくありません。',
  uuid: () => 'IDの形式が正しくありません。',
  dateTime: () => '日時の形式が正しくありません。',
  date: () => '日付の形式が正しくありません。',
  uri: () => 'URLの形式が正しくありません。',
  oneOf: (values: readonly unknown[]) => `次のいずれかを指定してください: ${values.join(', ')}`,
  type: (type: string) => `${typeNames[type] ?? '正しい形式'}で入力してください。`,
  unknownField: () => '不明な項目です。',
  invalid: () => '値が正しくありません。',
  passwordConfirmation: () => 'パスワード（確認）がパスワードと一致しません。',
  unstorableCharacter: () =>
    '使用できない文字（U+0000 などの制御文字や不正な文字）が含まれています。',
} as const;

const typeNames: Record<string, string> = {
  string: '文字列',
  integer: '整数',
  number: '数値',
  boolean: '真偽値',
  array: '配列',
  object: 'オブジェクト',
};

/** "email: 入力してください。": the field a message is about, then the message. */
export function fieldMessage(field: string, message: string): string {
  return field ? `${field}: ${message}` : message;
}

// U+0000 and a lone UTF-16 surrogate cannot be stored as PostgreSQL text (ADR 014): refused as
// input by the server's request validation and by the forms that know they will meet them.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string) => !UNSTORABLE.test(text);

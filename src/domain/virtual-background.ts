// The camera's virtual background (docs/product.md §4, ADR 024): none, a blur of the visitor's
// own room, or one of the images of GET /api/virtual_backgrounds behind them.

export type BackgroundChoice =
  | { kind: 'none' }
  | { kind: 'blur' }
  | { kind: 'image'; id: string; name: string; imageUrl: string };

/** A background that is drawn (not none). */
export type VisibleBackground = Exclude<BackgroundChoice, { kind: 'none' }>;

export const NO_BACKGROUND: BackgroundChoice = { kind: 'none' };

/** The value of the picker's radio for a choice: "none", "blur" or the image's id. */
export function backgroundKey(choice: BackgroundChoice): string {
  return choice.kind === 'image' ? choice.id : choice.kind;
}

/** A remembered choice read back from storage, or none when it is not one. */
export function parseBackgroundChoice(value: unknown): BackgroundChoice {
  if (typeof value !== 'object' || value === null) return NO_BACKGROUND;
  const v = value as Record<string, unknown>;
  if (v.kind === 'blur') return { kind: 'blur' };
  if (
    v.kind === 'image' &&
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.imageUrl === 'string'
  )
    return { kind: 'image', id: v.id, name: v.name, imageUrl: v.imageUrl };
  return NO_BACKGROUND;
}

// Uploading one's own background image (docs/product.md §4, ADR 024): the rules the picker checks
// before uploading and the server checks again, the bytes included.

export const BACKGROUND_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type BackgroundImageType = (typeof BACKGROUND_IMAGE_TYPES)[number];
export const BACKGROUND_MAX_MB = 5;
export const BACKGROUND_MAX_BYTES = BACKGROUND_MAX_MB * 1024 * 1024;
/** Uploaded backgrounds a user keeps at once. */
export const BACKGROUND_MAX_PER_USER = 10;
const NAME_MAX = 50;

export const backgroundUploadMessages = {
  type: 'JPEG・PNG・WebP の画像を選んでください。',
  size: `画像のサイズは${BACKGROUND_MAX_MB}MB以下にしてください。`,
  notImage: 'ファイルの中身が JPEG・PNG・WebP の画像ではありません。別の画像を選んでください。',
  tooMany: `アップロードできる背景は${BACKGROUND_MAX_PER_USER}枚までです。使わない背景を削除してから追加してください。`,
  notUploaded: 'アップロードした画像が見つかりません。もう一度アップロードしてください。',
  already: 'この画像はすでに背景に追加されています。',
  shared: '共有の背景は削除できません。',
  notFound: '背景が見つかりません。削除された可能性があります。',
} as const;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type the file's first 12 bytes show (its magic number), whatever it claims to be. */
export function imageTypeOf(head: Uint8Array): BackgroundImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** What is wrong with a file chosen for upload, by its declared type and size; null when fine. */
export function backgroundFileProblem(file: { type: string; size: number }): string | null {
  if (!(BACKGROUND_IMAGE_TYPES as readonly string[]).includes(file.type))
    return backgroundUploadMessages.type;
  if (file.size > BACKGROUND_MAX_BYTES) return backgroundUploadMessages.size;
  return null;
}

/** An uploaded background's name: the file's name without its extension, at most 50 characters. */
export function backgroundName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '').trim();
  return [...(base || 'アップロードした背景')].slice(0, NAME_MAX).join('');
}

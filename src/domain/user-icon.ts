// A user's icon (docs/product.md §4 アイコン): the image drawn as their avatar on the world's
// map. Uploaded through presignFileUpload (purpose userIcon), then set with updateMe.
import { BACKGROUND_IMAGE_TYPES } from './virtual-background';

export const USER_ICON_TYPES = BACKGROUND_IMAGE_TYPES;
export const USER_ICON_MAX_MB = 2;
export const USER_ICON_MAX_BYTES = USER_ICON_MAX_MB * 1024 * 1024;

export const userIconMessages = {
  type: 'アイコンには JPEG・PNG・WebP の画像を選んでください。',
  size: `アイコンの画像は${USER_ICON_MAX_MB}MB以下にしてください。`,
  notIssued:
    'iconUrl: このアイコン画像はあなたがアップロードしたものではありません。もう一度アップロードしてください。',
  notImage:
    'iconUrl: ファイルの中身が JPEG・PNG・WebP の画像ではありません。別の画像を選んでください。',
} as const;

/** What is wrong with a file chosen as an icon, by its declared type and size; null when fine. */
export function userIconFileProblem(file: { type: string; size: number }): string | null {
  if (!(USER_ICON_TYPES as readonly string[]).includes(file.type)) return userIconMessages.type;
  if (file.size > USER_ICON_MAX_BYTES) return userIconMessages.size;
  return null;
}

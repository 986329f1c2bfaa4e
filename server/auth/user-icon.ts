import { eq } from 'drizzle-orm';
import { imageTypeOf } from '../../src/domain/virtual-background';
import { userIconMessages as messages } from '../../src/domain/user-icon';
import { contentTypeOf, isKey, type FileStorage } from '../files/storage';
import type { Db } from '../db/connect';
import { worldMembers } from '../db/schema';
import { RuleError } from '../http/errors';

// A user's icon (docs/product.md §4 アイコン) is stored as the URL this server's file storage
// serves it at; only a URL it issued for the caller's own userIcon upload is taken.

/** The key of the caller's userIcon upload that `url` is served from, null for any other URL. */
export function iconKeyOf(files: FileStorage, userId: string, url: string): string | null {
  const key = url.slice(Math.max(0, url.lastIndexOf('/userIcon/') + 1));
  const ours = isKey(key) && key.startsWith(`userIcon/${userId}/`) && files.publicUrl(key) === url;
  return ours ? key : null;
}

/** Bytes enough for every magic number imageTypeOf reads. */
const HEAD_BYTES = 12;

/**
 * 422 unless `url` is where the caller's userIcon upload is served and the file there is the
 * image its type says (a file that is not is deleted).
 */
export async function checkIconUrl(files: FileStorage, userId: string, url: string) {
  const key = iconKeyOf(files, userId, url);
  if (!key) throw new RuleError('invalid', messages.notIssued);
  const head = await files.readHead(key, HEAD_BYTES);
  if (!head) throw new RuleError('invalid', messages.notIssued);
  if (imageTypeOf(head) !== contentTypeOf(key)) {
    await files.remove(key);
    throw new RuleError('invalid', messages.notImage);
  }
}

/** The worlds whose people see `userId`'s icon: those they are a member of (presence.icon). */
export async function worldsSeeingIconOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ worldId: worldMembers.worldId })
    .from(worldMembers)
    .where(eq(worldMembers.userId, userId));
  return rows.map((row) => row.worldId);
}

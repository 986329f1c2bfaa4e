import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import {
  BACKGROUND_MAX_PER_USER,
  backgroundUploadMessages as messages,
  imageTypeOf,
} from '../../src/domain/virtual-background';
import type { Db } from '../db/connect';
import { virtualBackgrounds } from '../db/schema';
import { contentTypeOf, isKey, type FileStorage } from '../files/storage';
import { RuleError } from '../http/errors';

// Camera backgrounds (ADR 024, docs/product.md §4): the shared ones and each user's own uploads.
// An upload goes through the one upload path (presignFileUpload, purpose virtualBackground, to
// the files storage); adding it as a background checks that the key is the caller's and that
// its bytes are the image its type says.

type Row = typeof virtualBackgrounds.$inferSelect;

function backgroundJson(row: Row, userId: string) {
  return {
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    thumbnailUrl: row.thumbnailUrl,
    mine: row.userId === userId,
  };
}

/** The shared backgrounds in their order, then the caller's uploads, oldest first. */
export async function listBackgrounds(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(virtualBackgrounds)
    .where(or(isNull(virtualBackgrounds.userId), eq(virtualBackgrounds.userId, userId)))
    .orderBy(
      sql`${virtualBackgrounds.userId} is not null`,
      asc(virtualBackgrounds.position),
      asc(virtualBackgrounds.createdAt),
    );
  return { items: rows.map((row) => backgroundJson(row, userId)) };
}

/** Bytes enough for every magic number imageTypeOf reads. */
const HEAD_BYTES = 12;

/**
 * Adds the image uploaded at `key` as the caller's background. 422 when the key is not one of
 * the caller's background uploads or holds no file, when its bytes are not the image its type
 * says (the file is then deleted), or when the caller already keeps the most they may.
 */
export async function addBackground(
  db: Db,
  files: FileStorage,
  userId: string,
  input: { key: string; name: string },
  now: Date,
) {
  const { key } = input;
  if (!isKey(key) || !key.startsWith(`virtualBackground/${userId}/`))
    throw new RuleError('invalid', messages.notUploaded);
  const head = await files.readHead(key, HEAD_BYTES);
  if (!head) throw new RuleError('invalid', messages.notUploaded);
  if (imageTypeOf(head) !== contentTypeOf(key)) {
    await files.remove(key);
    throw new RuleError('invalid', messages.notImage);
  }
  const [kept] = await db
    .select({ n: count() })
    .from(virtualBackgrounds)
    .where(eq(virtualBackgrounds.userId, userId));
  if ((kept?.n ?? 0) >= BACKGROUND_MAX_PER_USER) throw new RuleError('invalid', messages.tooMany);
  const url = files.publicUrl(key);
  const [row] = await db
    .insert(virtualBackgrounds)
    .values({
      name: input.name,
      imageUrl: url,
      thumbnailUrl: url,
      userId,
      fileKey: key,
      createdAt: now,
    })
    .onConflictDoNothing({ target: virtualBackgrounds.fileKey })
    .returning();
  if (!row) throw new RuleError('conflict', messages.already);
  return backgroundJson(row, userId);
}

/** Deletes one of the caller's uploads and its file: 403 for a shared one, 404 for anyone else's. */
export async function deleteBackground(db: Db, files: FileStorage, userId: string, id: string) {
  const [row] = await db
    .select({ userId: virtualBackgrounds.userId, fileKey: virtualBackgrounds.fileKey })
    .from(virtualBackgrounds)
    .where(eq(virtualBackgrounds.id, id));
  if (row && row.userId === null) throw new RuleError('forbidden', messages.shared);
  if (!row || row.userId !== userId) throw new RuleError('notFound', messages.notFound);
  await db
    .delete(virtualBackgrounds)
    .where(and(eq(virtualBackgrounds.id, id), eq(virtualBackgrounds.userId, userId)));
  await files.remove(row.fileKey!);
}

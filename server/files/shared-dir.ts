// Files kept on this machine (uploads without S3_BUCKET, the media server's recordings) are read
// back through whichever process a request reaches, so every process must see one directory
// (docs/deploying.md). Each process leaves a mark named by its id in `.processes/` of the uploads
// directory; one that starts beside live processes whose marks it cannot see refuses to start.
// Two processes starting in the same instant can both pass; the next start of either is caught.
import { readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export class FilesNotSharedError extends Error {}

function filesNotSharedMessage(dir: string, unseen: number) {
  return (
    `Files are kept in ${dir}, but ${unseen} other running server process(es) keep theirs ` +
    'elsewhere: a file uploaded through one could not be read through another. Set S3_BUCKET ' +
    '(files in S3), or give every process the same DATA_DIR on a shared volume ' +
    '(docs/deploying.md).'
  );
}

export type SharedDirMark = {
  /** Removes the marks of processes that were taken over (their ids). */
  forget(processIds: string[]): Promise<number>;
  /** Removes this process's mark. */
  remove(): Promise<void>;
};

/**
 * Marks `dir` as seen by `processId`, then checks that it sees the mark of every live process
 * (`live`, read after marking); refuses with FilesNotSharedError, leaving no mark, otherwise.
 */
export async function markSharedDir(
  dir: string,
  processId: string,
  live: () => Promise<string[]>,
): Promise<SharedDirMark> {
  const marks = join(dir, '.processes');
  const markOf = (id: string) => join(marks, id);
  await mkdir(marks, { recursive: true });
  await writeFile(markOf(processId), '');
  const seen = new Set(await readdir(marks));
  const unseen = (await live()).filter((id) => id !== processId && !seen.has(id));
  if (unseen.length > 0) {
    await rm(markOf(processId), { force: true });
    throw new FilesNotSharedError(filesNotSharedMessage(dir, unseen.length));
  }
  return {
    async forget(processIds) {
      await Promise.all(processIds.map((id) => rm(markOf(id), { force: true })));
      return processIds.length;
    },
    remove: () => rm(markOf(processId), { force: true }),
  };
}

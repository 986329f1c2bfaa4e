import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../server/app/start';
import { loadConfig } from '../../server/config';
import { serverProcesses } from '../../server/db/schema';
import { FilesNotSharedError } from '../../server/files/shared-dir';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';

// Issue 25 item 3 (docs/deploying.md, Files): without S3, files are kept under DATA_DIR and read
// back through whichever process a request reaches. A process whose DATA_DIR the running ones do
// not share refuses to start, naming the problem; one sharing it starts.

const env = (dataDir: string) => ({
  NODE_ENV: 'test',
  APP_URL: 'http://app.test',
  DATA_DIR: dataDir,
  UPLOAD_SIGNING_SECRET: 's'.repeat(40),
  PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
});
const shared = mkdtempSync(join(tmpdir(), 'shared-files-'));
const t = useTestServer({ env: env(shared) });
const marks = () => readdir(join(shared, 'uploads', '.processes'));

describe(`files kept on disk with several processes, on ${testDbKind}`, () => {
  it('refuses a process whose DATA_DIR is not the running ones, and registers nothing of it', async () => {
    const before = await t.database.db.select().from(serverProcesses);
    const elsewhere = mkdtempSync(join(tmpdir(), 'other-files-'));
    const refused = startServer(loadConfig(env(elsewhere)), { database: t.database });
    await expect(refused).rejects.toBeInstanceOf(FilesNotSharedError);
    await expect(refused).rejects.toThrow(/S3_BUCKET.*same DATA_DIR/s);
    expect(await t.database.db.select().from(serverProcesses)).toEqual(before);
    expect(await readdir(join(elsewhere, 'uploads', '.processes'))).toEqual([]);
  });

  it('starts a process sharing the directory, and its mark goes when it stops', async () => {
    const other = await startServer(loadConfig(env(shared)), { database: t.database });
    expect(await marks()).toEqual(
      expect.arrayContaining([t.server.processLease.id, other.processLease.id]),
    );
    await other.close();
    expect(await marks()).toEqual([t.server.processLease.id]);
  });

  it('does not ask S3 users to share a directory, unless the media server records there', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'other-files-'));
    const s3 = { S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:1' };
    const withChime = {
      MEETING_PROVIDER: 'chime',
      AWS_REGION: 'ap-northeast-1',
    };
    const other = await startServer(loadConfig({ ...env(elsewhere), ...s3, ...withChime }), {
      database: t.database,
    });
    await other.close();
    await expect(
      startServer(loadConfig({ ...env(elsewhere), ...s3 }), { database: t.database }),
    ).rejects.toBeInstanceOf(FilesNotSharedError);
  });
});

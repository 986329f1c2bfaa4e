import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { HttpError } from '../http/errors';
import { listMails } from '../mail/outbox';
import type { Handlers } from '../openapi/handler-types';

const buildNotFound = 'ビルド情報が見つかりません。';

/** Written by the Vite build (dist/build-meta.json); read on each call since a deploy replaces it. */
async function currentBuild(staticDir: string): Promise<{ id: string; timestamp: number }> {
  try {
    const meta = JSON.parse(await readFile(`${staticDir}/build-meta.json`, 'utf8')) as {
      id: string;
      timestamp: number;
    };
    return { id: String(meta.id), timestamp: Number(meta.timestamp) };
  } catch {
    throw new HttpError(404, buildNotFound);
  }
}

export const systemHandlers: Handlers = {
  async getHealth(req) {
    const { database } = req.server.deps;
    await database.db.execute(sql`select 1`);
    return { status: 'ok', database: database.kind };
  },

  async listDevMails(req) {
    const mails = await listMails(req.server.deps.database.db, { limit: 100 });
    return {
      items: mails.map((m) => ({
        ...m,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      })),
    };
  },

  async getLatestBuild(req, reply) {
    reply.header('cache-control', 'no-store');
    return currentBuild(req.server.deps.staticDir);
  },

  async getBuild(req) {
    const build = await currentBuild(req.server.deps.staticDir);
    if (build.id !== req.params.build_id) throw new HttpError(404, buildNotFound);
    return build;
  },
};

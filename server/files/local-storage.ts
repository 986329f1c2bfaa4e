import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RuleError } from '../http/errors';
import { contentTypeOf, type FileStorage, isKey } from './storage';

export const uploadMessages = {
  badSignature: 'アップロード用のURLが正しくありません。',
  expired: 'アップロード用のURLの有効期限が切れています。もう一度お試しください。',
  wrongType: 'Content-Type がアップロード用のURLと一致しません。',
  wrongSize: 'ファイルサイズがアップロード用のURLと一致しません。',
  notFound: 'ファイルが見つかりません。',
  used: 'このアップロード用のURLはすでに使われています。もう一度アップロードの手続きをしてください。',
} as const;

export const downloadMessages = {
  badSignature: 'ダウンロード用のURLが正しくありません。',
  expired: 'ダウンロード用のURLの有効期限が切れています。もう一度ダウンロードしてください。',
  gone: 'ファイルが見つかりません。削除された可能性があります。',
} as const;

export type LocalStorage = FileStorage & {
  /** The file at `key` on this disk (private keys such as recordings are written here directly). */
  pathOf(key: string): string;
  /** An HMAC-signed, expiring GET URL of a private file (/downloads/<key>). */
  presignGet(key: string, expiresAt: Date, fileName: string): string;
  /** The PUT and GET routes of this server that the signed URLs point at. */
  register(app: FastifyInstance, onStored: (key: string, path: string) => Promise<void>): void;
};

/**
 * Uploads to this server: an HMAC-signed, expiring PUT URL per file, stored under `dir`, served
 * back at /files/<key> (public keys). Without a configured secret one is drawn per process:
 * URLs live 15 minutes, so a restart only fails uploads in flight; several servers behind a load
 * balancer need UPLOAD_SIGNING_SECRET.
 */
export function createLocalStorage(options: {
  dir: string;
  appUrl: string;
  signingSecret: string | undefined;
}): LocalStorage {
  const secret = options.signingSecret ?? randomBytes(32).toString('hex');
  const sign = (key: string, contentType: string, size: number, expires: number) =>
    createHmac('sha256', secret)
      .update(`PUT\n${key}\n${contentType}\n${size}\n${expires}`)
      .digest('hex');

  function verify(
    key: string,
    contentType: string,
    query: Record<string, string | undefined>,
    now: number,
  ): number {
    const size = Number(query.size);
    const expires = Number(query.expires);
    const given = Buffer.from(query.signature ?? '', 'hex');
    const expected = Buffer.from(sign(key, contentType, size, expires), 'hex');
    if (!isKey(key) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      // A signature made for another Content-Type says which header is wrong.
      const typed = Buffer.from(sign(key, contentTypeOf(key), size, expires), 'hex');
      const wrongType = given.length === typed.length && timingSafeEqual(given, typed);
      throw new RuleError(
        wrongType ? 'wrongType' : 'forbidden',
        wrongType ? uploadMessages.wrongType : uploadMessages.badSignature,
      );
    }
    if (expires * 1000 <= now) throw new RuleError('forbidden', uploadMessages.expired);
    return size;
  }

  const signGet = (key: string, expires: number, name: string) =>
    createHmac('sha256', secret).update(`GET\n${key}\n${expires}\n${name}`).digest('hex');

  const publicUrl = (key: string) => `${options.appUrl}/files/${key}`;
  return {
    pathOf: (key) => join(options.dir, key),
    publicUrl,

    async readHead(key, bytes) {
      if (!isKey(key)) return null;
      const file = await open(join(options.dir, key)).catch(() => null);
      if (!file) return null;
      try {
        const { buffer, bytesRead } = await file.read(Buffer.alloc(bytes), 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    },

    async remove(key) {
      if (isKey(key)) await rm(join(options.dir, key), { force: true });
    },

    presignGet(key, expiresAt, fileName) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({
        expires: String(expires),
        name: fileName,
        signature: signGet(key, expires, fileName),
      });
      return `${options.appUrl}/downloads/${key}?${query}`;
    },

    async presignPut({ key, contentType, byteSize, expiresAt, isPublic }) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({
        size: String(byteSize),
        expires: String(expires),
        signature: sign(key, contentType, byteSize, expires),
      });
      return {
        uploadUrl: `${options.appUrl}/uploads/${key}?${query}`,
        method: 'PUT',
        headers: { 'Content-Type': contentType },
        key,
        fileUrl: isPublic ? publicUrl(key) : null,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    register(app, onStored) {
      void app.register(async (scope) => {
        // The body is the file: streamed to disk, never parsed.
        scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
        scope.put('/uploads/*', { bodyLimit: 200 * 1024 * 1024 }, async (req, reply) => {
          const key = (req.params as { '*': string })['*'];
          const contentType = String(req.headers['content-type'] ?? '')
            .split(';')[0]!
            .trim();
          const size = verify(
            key,
            contentType,
            req.query as Record<string, string | undefined>,
            req.server.deps.now().getTime(),
          );
          const path = join(options.dir, key);
          // A signed URL uploads once: the file at a key is served as immutable, so it never changes.
          if (await stat(path).catch(() => null))
            throw new RuleError('conflict', uploadMessages.used);
          await receive(req, path, size);
          await onStored(key, path);
          return reply.code(200).send();
        });
      });
      app.get('/files/*', async (req, reply) => {
        const key = (req.params as { '*': string })['*'];
        // Batches of user actions are data for the database, never served; recordings only
        // through a signed /downloads URL.
        if (!isKey(key) || key.startsWith('user-actions/') || key.startsWith('recordings/'))
          throw new RuleError('notFound', uploadMessages.notFound);
        const path = join(options.dir, key);
        const found = await stat(path).catch(() => null);
        if (!found) throw new RuleError('notFound', uploadMessages.notFound);
        return (
          reply
            .header('content-type', contentTypeOf(key))
            .header('content-length', found.size)
            // Keys are never reused: the file at a key never changes.
            .header('cache-control', 'public, max-age=31536000, immutable')
            .send(createReadStream(path))
        );
      });
      app.get('/downloads/*', async (req, reply) => {
        const key = (req.params as { '*': string })['*'];
        const query = req.query as Record<string, string | undefined>;
        const expires = Number(query.expires);
        const name = query.name ?? '';
        const given = Buffer.from(query.signature ?? '', 'hex');
        const expected = Buffer.from(signGet(key, expires, name), 'hex');
        if (!isKey(key) || given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new RuleError('forbidden', downloadMessages.badSignature);
        if (expires * 1000 <= req.server.deps.now().getTime())
          throw new RuleError('forbidden', downloadMessages.expired);
        const path = join(options.dir, key);
        const found = await stat(path).catch(() => null);
        if (!found) throw new RuleError('notFound', downloadMessages.gone);
        return reply
          .header('content-type', contentTypeOf(key))
          .header('content-length', found.size)
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header('cache-control', 'private, no-store')
          .send(createReadStream(path));
      });
    },
  };
}

/** Streams the body to `path` (through a .part file), refusing more or fewer bytes than signed. */
async function receive(req: FastifyRequest, path: string, size: number) {
  await mkdir(dirname(path), { recursive: true });
  const part = `${path}.${randomBytes(4).toString('hex')}.part`;
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      done(received > size ? new RuleError('tooLarge', uploadMessages.wrongSize) : null, chunk);
    },
  });
  try {
    await pipeline(req.body as NodeJS.ReadableStream, counter, createWriteStream(part));
    if (received !== size) throw new RuleError('malformed', uploadMessages.wrongSize);
    // link, unlike rename, fails when the key exists: of two PUTs at once, one file wins.
    await link(part, path).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'EEXIST' ? new RuleError('conflict', uploadMessages.used) : err;
    });
  } finally {
    await rm(part, { force: true });
  }
}

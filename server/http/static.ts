import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

export const defaultStaticDir = fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * Serves the built app. Hashed assets are cached for good; any other GET that accepts HTML
 * gets index.html (history fallback) so client-side routes survive a reload. Unknown /api
 * paths answer 404 JSON, never the app.
 */
export async function registerStatic(app: FastifyInstance, root: string) {
  const built = existsSync(`${root}/index.html`);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.code(404).send(errorBody([`見つかりません: ${path}`]));
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path)) {
      if (!built) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('アプリがビルドされていません。npm run build を実行してください。');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send(`Page not found: ${path}`);
  });
}

import type { FastifyInstance } from 'fastify';
import { listMails } from '../mail/outbox';
import { konbiniDevSection, registerKonbiniDevRoutes } from '../payments/konbini-dev';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

// Links in a mail body become clickable so a developer can follow a confirmation link.
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * The development outbox as a page: every stored mail with its full text, and the local
 * provider's open コンビニ払い vouchers to pay or expire. Not in production.
 */
export function registerDevPages(app: FastifyInstance) {
  registerKonbiniDevRoutes(app);
  app.get('/dev/mails', async (_req, reply) => {
    const mails = await listMails(app.deps.database.db, { limit: 100 });
    const items = mails
      .map(
        (m) => `<article>
  <h2>${escape(m.subject)}</h2>
  <p class="meta">宛先: ${escape(m.to)} ／ ${m.createdAt.toISOString()} ／ ${m.sentAt ? 'SMTP 送信済み' : '未送信 (アウトボックス)'}</p>
  <pre>${linkify(escape(m.text))}</pre>
</article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>メールの送信箱 (開発用)</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap;word-break:break-all}.meta{color:#555;font-size:.9rem}</style>
</head><body><main><h1>メールの送信箱 (開発用)</h1>
${await konbiniDevSection(app)}
${mails.length === 0 ? '<p>メールはまだありません。</p>' : items}
</main></body></html>`);
  });
}

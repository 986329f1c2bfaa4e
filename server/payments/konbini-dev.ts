// The development outbox page's stand-in for the convenience store (local provider only):
// 「支払い済みにする」 pays a voucher as the store would, 「期限切れにする」 lets its deadline pass
// now. Each settles the payment as a provider's notice does (settleProviderPayment): paid →
// reserved, receipt, mail; expired → released, mail. Not in production (dev-pages.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatYen } from '../../src/domain/price';
import { RuleError } from '../http/errors';
import { settleProviderPayment } from './apply-outcome';
import { formatTokyo } from './format';
import { openLocalVouchers } from './local-konbini';
import type { LocalPaymentProvider } from './local';
import { paymentDeps } from './payments.routes';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const localOf = (app: FastifyInstance) => {
  const provider = app.deps.payments;
  return provider.name === 'local' ? (provider as LocalPaymentProvider) : null;
};

/** The open vouchers as a section of the outbox page (empty with Stripe). */
export async function konbiniDevSection(app: FastifyInstance): Promise<string> {
  if (!localOf(app)) return '';
  const vouchers = await openLocalVouchers(app.deps.database.db, app.deps.now());
  const items = vouchers.map((v) => {
    const world = (JSON.parse(v.metadata) as { worldName?: string }).worldName ?? '';
    const action = (path: string, label: string) =>
      `<form method="post" action="/dev/konbini/${encodeURIComponent(v.id)}/${path}"><button>${label}</button></form>`;
    return `<li aria-label="払込票 ${escape(v.konbiniNumber ?? '')}">
  <p>${escape(world)} ／ ${escape(formatYen(v.amount))} ／ 払込票番号 ${escape(v.konbiniNumber ?? '')} ／ 確認番号 ${escape(v.konbiniConfirmation ?? '')} ／ 支払期限 ${v.expiresAt ? escape(formatTokyo(v.expiresAt)) : ''}</p>
  ${action('pay', '支払い済みにする')} ${action('expire', '期限切れにする')}
</li>`;
  });
  return `<section aria-labelledby="konbini-heading"><h2 id="konbini-heading">コンビニ払いの払込票 (開発用)</h2>
${items.length === 0 ? '<p>支払い待ちの払込票はありません。</p>' : `<ul>${items.join('\n')}</ul>`}
</section>`;
}

/** POST /dev/konbini/:id/pay and /expire: back to the outbox page, or a Japanese 4xx page. */
export function registerKonbiniDevRoutes(app: FastifyInstance) {
  const act =
    (change: (provider: LocalPaymentProvider, id: string) => Promise<void>) =>
    async (req: { params: unknown }, reply: FastifyReply) => {
      const { id } = req.params as { id: string };
      const provider = localOf(app);
      try {
        if (!provider) throw new RuleError('notFound', 'コンビニ払いの払込票が見つかりません。');
        await change(provider, id);
      } catch (err) {
        if (!(err instanceof RuleError)) throw err;
        const status = { notFound: 404, conflict: 409 }[err.kind as string] ?? 422;
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>払込票</title></head><body><main><p role="alert">${escape(err.message)}</p><p><a href="/dev/mails">送信箱に戻る</a></p></main></body></html>`,
          );
      }
      await settleProviderPayment(paymentDepsOf(app), id);
      app.deps.mailWritten();
      return reply.redirect('/dev/mails', 303);
    };
  // The page's forms post an empty urlencoded body: accepted on these two routes only.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_req, _body, done) =>
      done(null, {}),
    );
    scope.post(
      '/dev/konbini/:id/pay',
      act((provider, id) => provider.payVoucher(id)),
    );
    scope.post(
      '/dev/konbini/:id/expire',
      act((provider, id) => provider.expireVoucher(id)),
    );
  });
}

function paymentDepsOf(app: FastifyInstance) {
  return paymentDeps({ server: app } as Parameters<typeof paymentDeps>[0]);
}

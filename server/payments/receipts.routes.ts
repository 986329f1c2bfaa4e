import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatYen } from '../../src/domain/price';
import { cardLabel } from '../../src/domain/receipt';
import { formatTokyo } from './format';
import { attachment } from '../http/csv';
import type { Handlers } from '../openapi/handler-types';
import type { LocalPaymentProvider } from './local';
import { renderReceiptPdf } from './receipt-pdf';
import { renderRefundPdf } from './refund-pdf';
import { changeAddressee, getReceipt, getRefundDocument } from './receipts';

const receiptOf = (req: FastifyRequest<{ Params: { id: string } }>) => {
  const { database, config } = req.server.deps;
  return getReceipt(database.db, config.invoiceIssuer, req.params.id, req.auth!.user.id);
};

/** The receipts (適格請求書) of card payments: for the payer and the world's owners. */
export const receiptHandlers: Handlers = {
  async getPaymentReceipt(req) {
    return receiptOf(req);
  },

  async updateReceiptAddressee(req) {
    const { database, config, now } = req.server.deps;
    return changeAddressee(
      database.db,
      config.invoiceIssuer,
      { paymentId: req.params.id, userId: req.auth!.user.id, addressee: req.body.addressee },
      now(),
    );
  },

  async downloadPaymentReceiptPdf(req, reply) {
    const receipt = await receiptOf(req);
    const pdf = await renderReceiptPdf(receipt);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(`領収書_${receipt.number}.pdf`))
      .send(Buffer.from(pdf));
  },

  async downloadPaymentRefundPdf(req, reply) {
    const { database, config } = req.server.deps;
    const refund = await getRefundDocument(
      database.db,
      config.invoiceIssuer,
      { paymentId: req.params.id, refundId: req.params.refundId },
      req.auth!.user.id,
    );
    const pdf = await renderRefundPdf(refund);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(`返金_${refund.number}.pdf`))
      .send(Buffer.from(pdf));
  },
};

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem}dt{color:#555}dd{margin:0}.amount{font-size:1.6rem;font-weight:bold}.refunded{color:#b00020;font-weight:bold}@media print{.noprint{display:none}}</style>
</head><body><main>${body}</main></body></html>`;
}

/**
 * The local provider's receipts: GET /receipts/<id>, a Japanese page. The id is 128 random bits
 * and the page is readable by whoever holds the address (a capability URL, as Stripe's
 * receipt_url is): the payer can forward it to an accountant. It is never indexed, cached by
 * shared caches, or leaked in a Referer header. With Stripe the receipt URL is Stripe's.
 */
export function registerReceiptPages(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/receipts/:id', async (req, reply) => {
    reply
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');
    const provider = app.deps.payments;
    const receipt =
      provider.name === 'local' &&
      'receipt' in provider &&
      /^[A-Za-z0-9_-]{22}$/.test(req.params.id)
        ? await (provider as LocalPaymentProvider).receipt(req.params.id)
        : null;
    if (!receipt) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          page(
            '領収書が見つかりません',
            '<h1>領収書が見つかりません</h1><p>URL をご確認ください。</p>',
          ),
        );
    }
    const card = cardLabel(receipt.brand, receipt.last4);
    return reply.type('text/html; charset=utf-8').send(
      page(
        `領収書 ${receipt.receiptNumber}`,
        `<h1>領収書</h1>
${receipt.refundedAt ? `<p class="refunded">このお支払いは ${escape(formatTokyo(receipt.refundedAt))} に返金されました。</p>` : ''}
<p class="amount">${escape(formatYen(receipt.amount))}</p>
<dl>
<dt>領収書番号</dt><dd>${escape(receipt.receiptNumber)}</dd>
<dt>お支払い日時</dt><dd>${escape(formatTokyo(receipt.paidAt))}</dd>
<dt>ワールド</dt><dd>${escape(receipt.worldName)}</dd>
<dt>内容</dt><dd>${escape(receipt.description)}</dd>
<dt>お支払い方法</dt><dd>${escape(card)}</dd>
</dl>
<p>上記の金額を領収いたしました。</p>
<p class="noprint"><small>この領収書はテスト用の決済（ローカル決済）によるものです。</small></p>`,
      ),
    );
  });
}

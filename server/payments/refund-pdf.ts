// The refund of a cancelled date as an A4 PDF: a qualified return invoice (適格返還請求書,
// 消費税法第57条の4第3項) when a registration number is configured. docs/receipts.md.
import { formatYen } from '../../src/domain/price';
import { cardLabel, receiptWording, refundWording } from '../../src/domain/receipt';
import { formatDateTime, spanLabel } from '../../src/domain/time-zone';
import { a4Document, pdfLayout } from './receipt-pdf';
import type { RefundDocumentJson } from './receipts';

const { MARGIN, WIDTH, TAX_X, muted, alert } = pdfLayout;

export async function renderRefundPdf(refund: RefundDocumentJson): Promise<Uint8Array> {
  const title = refund.qualified ? refundWording.qualifiedTitle : refundWording.title;
  const { at, regular, bold, text, right, rule, row, save } = await a4Document(
    `${title} ${refund.number}`,
  );
  at.y -= 22;
  at.page.drawText(title, { x: MARGIN, y: at.y, size: 22, font: bold });
  right(`No. ${refund.number}`, 10.5, regular);

  at.y -= 10;
  text(`${refund.addressee} 様`, { size: 15, font: bold, width: WIDTH * 0.7 });
  rule(4);
  at.y -= 8;
  text(`返金額 ${formatYen(refund.amount)}（税込）`, { size: 22, font: bold });
  text(refundWording.returned);
  text(`返金日 ${formatDateTime(refund.refundedAt, 'Asia/Tokyo')}（日本時間）`);
  text(
    `元のお支払い ${formatDateTime(refund.paidAt, 'Asia/Tokyo')}（領収書 No. ${refund.receiptNumber}）`,
  );
  text(`返金先 ${cardLabel(refund.cardBrand, refund.cardLast4)}`);

  at.y -= 12;
  text('返金の内容', { font: bold, size: 12 });
  text(`ワールド「${refund.worldName}」のカレンダー予約のキャンセル`);
  text(
    `${spanLabel(refund.line, 'Asia/Tokyo')}（日本時間） ${refund.line.capacity}人 ご利用料金 ${formatYen(refund.line.amount)}（税込）`,
  );
  text(refundWording.policy(refund.percent));
  rule(6);
  at.y -= 18;
  row(
    `${receiptWording.taxLine(refund.taxRate)} 返金額（税込）`,
    formatYen(refund.amount),
    TAX_X,
    bold,
  );
  at.y -= 16;
  row(`${receiptWording.taxLine(refund.taxRate)} 消費税額`, formatYen(refund.tax), TAX_X, bold);
  text(receiptWording.taxNote, { size: 8.5, color: muted });

  at.y -= 18;
  text(`発行者 ${refund.issuer.name}`, { font: bold });
  if (refund.issuer.registrationNumber)
    text(`登録番号 ${refund.issuer.registrationNumber}`, { font: bold });
  else text(refundWording.notQualified, { color: alert });
  return save();
}

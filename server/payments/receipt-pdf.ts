// The receipt as an A4 PDF, drawn on the server with pdf-lib and a subset of Noto Sans JP
// (docs/receipts.md). The wording and figures are those of the receipt page.
import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import { formatYen } from '../../src/domain/price';
import { cardLabel, receiptWording } from '../../src/domain/receipt';
import { formatDateTime, spanLabel } from '../../src/domain/time-zone';
import type { ReceiptJson } from './receipts';

const require = createRequire(import.meta.url);
const fontFiles = {
  regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
};
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
/** Read once per process (about 5 MB each); only the glyphs used are embedded. */
const fontBytes = () =>
  (fonts ??= Promise.all([
    readFile(require.resolve(fontFiles.regular)),
    readFile(require.resolve(fontFiles.bold)),
  ]).then(([regular, bold]) => ({ regular, bold })));

/**
 * pdf-lib expects @pdf-lib/fontkit, whose TrueType subsetter drops Japanese glyphs (pdf-lib#1232);
 * upstream fontkit 2 subsets correctly but returns the bytes from encode() instead of a stream.
 */
type Subset = { encode(): Uint8Array; encodeStream?: () => EventEmitter };
const subsettingFontkit = {
  create(data: Uint8Array) {
    const font = fontkit.create(Buffer.from(data)) as { createSubset(): Subset };
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      subset.encodeStream = () => {
        const stream = new EventEmitter();
        queueMicrotask(() => {
          try {
            stream.emit('data', subset.encode());
            stream.emit('end');
          } catch (error) {
            stream.emit('error', error);
          }
        });
        return stream;
      };
      return subset;
    };
    return font;
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = A4[0] - 2 * MARGIN;
const ink = rgb(0.13, 0.13, 0.13);
const muted = rgb(0.4, 0.4, 0.4);
const alert = rgb(0.69, 0, 0.13);

/** Breaks text into lines no wider than `width` (Japanese wraps between any two characters). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (line && font.widthOfTextAtSize(line + char, size) > width) {
      lines.push(line);
      line = '';
    }
    line += char;
  }
  return [...lines, line];
}

/** An A4 document with Noto Sans JP and the drawing steps both documents use. */
export async function a4Document(title: string) {
  const bytes = await fontBytes();
  const doc = await PDFDocument.create();
  doc.registerFontkit(subsettingFontkit);
  doc.setTitle(title);
  doc.setLanguage('ja-JP');
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });

  const at = { page: doc.addPage(A4), y: A4[1] - MARGIN };
  const newPage = () => {
    at.page = doc.addPage(A4);
    at.y = A4[1] - MARGIN;
  };
  const ensure = (height: number) => {
    if (at.y - height < MARGIN) newPage();
  };
  const text = (
    value: string,
    options: { size?: number; font?: PDFFont; color?: typeof ink; x?: number; width?: number } = {},
  ) => {
    const { size = 10.5, font = regular, color = ink, x = MARGIN, width = WIDTH } = options;
    for (const line of wrap(value, font, size, width)) {
      ensure(size * 1.5);
      at.y -= size * 1.5;
      at.page.drawText(line, { x, y: at.y, size, font, color });
    }
  };
  const right = (value: string, size: number, font: PDFFont, x = A4[0] - MARGIN) =>
    at.page.drawText(value, {
      x: x - font.widthOfTextAtSize(value, size),
      y: at.y,
      size,
      font,
      color: ink,
    });
  const rule = (gap = 6) => {
    at.y -= gap;
    at.page.drawLine({
      start: { x: MARGIN, y: at.y },
      end: { x: A4[0] - MARGIN, y: at.y },
      thickness: 0.6,
      color: muted,
    });
  };
  /** A line at the current height: label at `x`, figure (in `font`) at the right edge. */
  const row = (label: string, figure: string, x: number, font: PDFFont) => {
    at.page.drawText(label, { x, y: at.y, size: 10.5, font: regular });
    right(figure, 10.5, font);
  };
  // Plain objects rather than object streams: older viewers and simple checks read the pages.
  const save = () => doc.save({ useObjectStreams: false });
  return { at, regular, bold, newPage, ensure, text, right, rule, row, save };
}

const TAX_X = MARGIN + WIDTH * 0.4;
export const pdfLayout = { MARGIN, WIDTH, TAX_X, muted, alert };

export async function renderReceiptPdf(receipt: ReceiptJson): Promise<Uint8Array> {
  const { at, regular, bold, ensure, text, right, rule, row, newPage, save } = await a4Document(
    `${receiptWording.title} ${receipt.number}`,
  );
  const title = receipt.qualified ? `${receiptWording.title}（適格請求書）` : receiptWording.title;
  at.y -= 22;
  at.page.drawText(title, { x: MARGIN, y: at.y, size: 22, font: bold, color: ink });
  right(`No. ${receipt.number}`, 10.5, regular);
  if (receipt.status === 'refunded') text(receiptWording.refunded, { font: bold, color: alert });

  at.y -= 10;
  text(`${receipt.addressee} 様`, { size: 15, font: bold, width: WIDTH * 0.7 });
  rule(4);
  at.y -= 8;
  text(`${formatYen(receipt.total)}（税込）`, { size: 22, font: bold });
  text(`但し ${receiptWording.purpose(receipt.worldName, receipt.lines.length)}`);
  text(receiptWording.received);
  text(`お支払い日時 ${formatDateTime(receipt.paidAt, 'Asia/Tokyo')}（日本時間）`);
  text(`お支払い方法 ${cardLabel(receipt.cardBrand, receipt.cardLast4)}`);

  at.y -= 12;
  text('内訳', { font: bold, size: 12 });
  const columns = { people: MARGIN + WIDTH * 0.62, amount: A4[0] - MARGIN };
  const header = () => {
    ensure(40);
    at.y -= 16;
    at.page.drawText('ご利用日時（日本時間）', {
      x: MARGIN,
      y: at.y,
      size: 9.5,
      font: bold,
      color: muted,
    });
    right('人数', 9.5, bold, columns.people);
    right('金額（税込）', 9.5, bold);
    rule(5);
  };
  header();
  for (const line of receipt.lines) {
    if (at.y - 18 < MARGIN) {
      newPage();
      header();
    }
    at.y -= 16;
    at.page.drawText(spanLabel(line, 'Asia/Tokyo'), {
      x: MARGIN,
      y: at.y,
      size: 10.5,
      font: regular,
    });
    right(`${line.capacity}人`, 10.5, regular, columns.people);
    right(formatYen(line.amount), 10.5, regular);
  }
  rule(6);
  ensure(60);
  at.y -= 18;
  row(`${receiptWording.taxLine(receipt.taxRate)} 税込金額`, formatYen(receipt.total), TAX_X, bold);
  at.y -= 16;
  row(`${receiptWording.taxLine(receipt.taxRate)} 消費税額`, formatYen(receipt.tax), TAX_X, bold);
  text(receiptWording.taxNote, { size: 8.5, color: muted });

  at.y -= 18;
  text(`発行者 ${receipt.issuer.name}`, { font: bold });
  if (receipt.issuer.registrationNumber)
    text(`登録番号 ${receipt.issuer.registrationNumber}`, { font: bold });
  else text(receiptWording.notQualified, { color: alert });
  return save();
}

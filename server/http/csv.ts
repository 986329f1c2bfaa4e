import type { FastifyReply } from 'fastify';

/**
 * CSV as spreadsheet programs open it without asking: UTF-8 with a BOM (Excel reads Japanese
 * correctly only then), CRLF line ends, RFC 4180 quoting.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return '\uFEFF' + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export type CsvCell = string | number | null | undefined;

// A cell starting with one of these is run as a formula by spreadsheet programs (CSV injection,
// OWASP): a quote in front makes it text. Tab and CR lead formulas in some programs too.
const formulaStart = /^[=+\-@\t\r]/;

function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Sends a CSV download; the file name may be Japanese (RFC 6266 filename*, with an ASCII fallback). */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  rows: readonly (readonly CsvCell[])[],
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(fileName))
    .send(toCsv(rows));
}

/** Content-Disposition of a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

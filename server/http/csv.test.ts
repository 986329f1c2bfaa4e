import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('starts with a BOM and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('\uFEFFa,b\r\nc,d\r\n');
  });

  it('quotes cells with commas, quotes or line breaks, doubling the quotes (RFC 4180)', () => {
    expect(toCsv([['x,y', 'say "hi"', 'one\ntwo', '日本語']])).toBe(
      '\uFEFF"x,y","say ""hi""","one\ntwo",日本語\r\n',
    );
  });

  it('turns text that a spreadsheet would run as a formula into plain text', () => {
    expect(toCsv([['=1+1', '+81', '-2', '@SUM(A1)', '\tcmd', 'safe']])).toBe(
      "\uFEFF'=1+1,'+81,'-2,'@SUM(A1),'\tcmd,safe\r\n",
    );
  });

  it('leaves numbers as numbers and empty cells empty', () => {
    expect(toCsv([[-3, 0, null, undefined]])).toBe('\uFEFF-3,0,,\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { priceYen } from './price';
import {
  includedTax,
  normaliseAddressee,
  receiptNumber,
  REGISTRATION_NUMBER,
  tokyoDateStamp,
} from './receipt';
import { spanLabel } from './time-zone';

// Expected figures worked out by hand from docs/receipts.md: tax = floor(total × 10 / 110), once
// per receipt; dates and numbers in Asia/Tokyo (UTC+9, no daylight saving).
describe('includedTax (10%, prices include the tax, rounded down once per receipt)', () => {
  it('finds ¥100 in ¥1,100 and ¥380 in ¥4,180', () => {
    expect(includedTax(1100)).toBe(100);
    expect(includedTax(4180)).toBe(380);
  });

  it('rounds down, not to the nearest yen: ¥1,284 holds 116.72… yen → ¥116', () => {
    expect(includedTax(1284)).toBe(116);
  });

  it('rounds the total once, not each date: two 15-minute dates for 1 person (¥28 + ¥28)', () => {
    const at = (hhmm: string) => new Date(`2027-01-10T${hhmm}:00+09:00`);
    const line = priceYen({ startAt: at('10:00'), endAt: at('10:15'), capacity: 1 });
    expect(line).toBe(28); // 15 × 1 × 110 / 60 = 27.5 → 28
    // Per date: floor(280 / 110) = 2 each, 4 in all. Per receipt: floor(560 / 110) = 5.
    expect(includedTax(line + line)).toBe(5);
    expect(includedTax(line) + includedTax(line)).toBe(4);
  });

  it('is 0 for ¥0 and refuses fractions or negative amounts', () => {
    expect(includedTax(0)).toBe(0);
    expect(() => includedTax(10.5)).toThrow(RangeError);
    expect(() => includedTax(-1)).toThrow(RangeError);
  });
});

describe('dates in Asia/Tokyo', () => {
  it('dates a payment made at 2026/11/24 06:16 in Japan (21:16 UTC the day before) 20261124', () => {
    expect(tokyoDateStamp(new Date('2026-11-23T21:16:00Z'))).toBe('20261124');
    expect(receiptNumber('2026-11-23T21:16:00Z', 'abcdef12-3456-4789-8abc-def012345678')).toBe(
      '20261124-ABCDEF12',
    );
  });

  it('turns the day at midnight in Japan, 15:00 UTC', () => {
    expect(tokyoDateStamp(new Date('2026-11-23T14:59:59Z'))).toBe('20261123');
    expect(tokyoDateStamp(new Date('2026-11-23T15:00:00Z'))).toBe('20261124');
  });

  it('shows a date as YYYY/MM/DD HH:mm〜HH:mm in Japan, with the end day past midnight', () => {
    const span = (startAt: string, endAt: string) => spanLabel({ startAt, endAt }, 'Asia/Tokyo');
    expect(span('2026-11-24T01:00:00Z', '2026-11-24T02:30:00Z')).toBe('2026/11/24 10:00〜11:30');
    expect(span('2026-11-24T14:00:00Z', '2026-11-24T16:00:00Z')).toBe(
      '2026/11/24 23:00〜2026/11/25 01:00',
    );
  });
});

describe('issuer and addressee', () => {
  it('takes T and 13 digits as a registration number, nothing else', () => {
    expect(REGISTRATION_NUMBER.test('T1234567890123')).toBe(true);
    for (const bad of [
      '1234567890123',
      'T123456789012',
      'T12345678901234',
      't1234567890123',
      'T123456789012X',
    ])
      expect(REGISTRATION_NUMBER.test(bad), bad).toBe(false);
  });

  it('keeps an addressee on one line and refuses a blank one', () => {
    expect(normaliseAddressee('  株式会社　サンプル\n経理部 ')).toBe('株式会社 サンプル 経理部');
    expect(normaliseAddressee(' \n\u3000')).toBeNull();
  });
});

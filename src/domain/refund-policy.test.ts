import { describe, expect, it } from 'vitest';
import { cancelRefundNotice, refundPercent, refundYen } from './refund-policy';

const start = new Date('2026-12-20T10:00:00Z');
const before = (hours: number) => new Date(start.getTime() - hours * 3600_000);

describe('refund policy', () => {
  it('gives back all until 7 days before the start', () => {
    expect(refundPercent(start, before(24 * 30))).toBe(100);
    expect(refundPercent(start, before(24 * 7))).toBe(100);
  });

  it('gives back half from then until the day before (24 hours), rounded down to the yen', () => {
    expect(refundPercent(start, before(24 * 7 - 0.001))).toBe(50);
    expect(refundPercent(start, before(24))).toBe(50);
    expect(refundYen(1_101, start, before(48))).toBe(550);
  });

  it('gives back nothing in the last 24 hours', () => {
    expect(refundPercent(start, before(23.999))).toBe(0);
    expect(refundYen(3_300, start, before(1))).toBe(0);
  });
});

describe('the cancel dialog notice', () => {
  const slot = { startAt: start, endAt: new Date(start.getTime() + 90 * 60_000), capacity: 20 };
  it('names the amount and percent for a card payment, or says nothing is given back', () => {
    expect(cancelRefundNotice(slot, true, before(48))).toBe(
      'キャンセル規定により、この日程の金額 ￥3,300 の50%（￥1,650）をお支払いのカードへ返金します。',
    );
    expect(cancelRefundNotice(slot, true, before(2))).toContain('返金はありません');
    expect(cancelRefundNotice(slot, false, before(24 * 10))).toContain('返金はありません');
  });
});

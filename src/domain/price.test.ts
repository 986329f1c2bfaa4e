import { describe, expect, it } from 'vitest';
import { formatYen, priceYen, totalYen } from './price';

const at = (hhmm: string) => new Date(`2027-01-10T${hhmm}:00+09:00`);

describe('priceYen', () => {
  it('charges 110 yen per person-hour: 90 minutes × 20 people = 3,300 yen', () => {
    expect(priceYen({ startAt: at('10:00'), endAt: at('11:30'), capacity: 20 })).toBe(3300);
  });

  it('rounds a fraction of a yen up', () => {
    // 1 minute × 1 person = 110 / 60 = 1.83… yen
    expect(priceYen({ startAt: at('10:00'), endAt: at('10:01'), capacity: 1 })).toBe(2);
  });

  it('refuses an end that is not after the start', () => {
    expect(() => priceYen({ startAt: at('10:00'), endAt: at('10:00'), capacity: 5 })).toThrow(
      RangeError,
    );
  });

  it('adds up several dates', () => {
    expect(
      totalYen([
        { startAt: at('10:00'), endAt: at('11:30'), capacity: 20 },
        { startAt: at('13:00'), endAt: at('14:00'), capacity: 8 },
      ]),
    ).toBe(3300 + 880);
  });

  it('formats yen the way ja-JP shows it', () => {
    expect(formatYen(3300)).toMatch(/^[￥¥]3,300$/);
  });
});

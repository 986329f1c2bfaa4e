import { describe, expect, it } from 'vitest';
import { hueOf, initialsOf, micMarkOf, samePeople, seatAt } from './avatar';

describe('a person on the map', () => {
  it('is one letter of a Japanese name and two initials of a Latin one', () => {
    expect(initialsOf('山田 太郎')).toBe('山');
    expect(initialsOf('ゲスト一郎')).toBe('ゲ');
    expect(initialsOf('yamada taro')).toBe('YT');
    expect(initialsOf('Alice')).toBe('A');
    expect(initialsOf('  ')).toBe('?');
  });

  it('keeps one hue per person', () => {
    const id = '6f1c2d3e-0000-4000-8000-000000000001';
    expect(hueOf(id)).toBe(hueOf(id));
    expect(hueOf(id)).toBeGreaterThanOrEqual(0);
    expect(hueOf(id)).toBeLessThan(360);
    expect(hueOf(id)).not.toBe(hueOf('6f1c2d3e-0000-4000-8000-000000000002'));
  });

  it('seats people evenly around a table, inside it, the first on top', () => {
    expect(seatAt(0, 4)).toEqual({ left: 50, top: 12 });
    const seats = [0, 1, 2, 3].map((i) => seatAt(i, 4));
    for (const { left, top } of seats) {
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(100);
      expect(top).toBeGreaterThan(0);
      expect(top).toBeLessThan(100);
    }
    expect(seats[2]!.top).toBeCloseTo(88);
    expect(new Set(seats.map((s) => `${s.left.toFixed(1)},${s.top.toFixed(1)}`)).size).toBe(4);
  });
});

describe('the same people', () => {
  const a = { userId: 'a', name: '一郎' };
  const b = { userId: 'b', name: '二郎' };
  it('are the same ids and names in the same order', () => {
    expect(samePeople([a, b], [{ ...a }, { ...b }])).toBe(true);
    expect(samePeople([a, b], [b, a])).toBe(false);
    expect(samePeople([a], [a, b])).toBe(false);
    expect(samePeople([a], [{ ...a, name: '一郎（改名）' }])).toBe(false);
    expect(samePeople([a], [{ ...a, iconUrl: 'http://app.test/files/userIcon/a/b.png' }])).toBe(
      false,
    );
  });
});

describe("a person's microphone mark", () => {
  const marks = { muted: new Set(['off', 'forced']), forced: new Set(['forced', 'forcedOnly']) };
  it('is none while on, off while off, and forced when owner or staff turned it off', () => {
    expect(micMarkOf('on', marks)).toBeNull();
    expect(micMarkOf('off', marks)).toBe('muted');
    // Forced off is also off: the forced mark says more and is the one drawn.
    expect(micMarkOf('forced', marks)).toBe('forced');
    // The server's forced flag before the session has heard the microphone go off.
    expect(micMarkOf('forcedOnly', marks)).toBe('forced');
  });
});

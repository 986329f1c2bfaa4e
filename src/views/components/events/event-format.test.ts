import { describe, expect, it } from 'vitest';
import { eventStatusOf, formatSchedule, publicEventUrl } from './event-format';

describe('eventStatusOf', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  it('is a draft without publishedAt, scheduled before it and published from it on', () => {
    expect(eventStatusOf({ publishedAt: null }, now)).toBe('draft');
    expect(eventStatusOf({ publishedAt: '2026-05-02T00:00:00Z' }, now)).toBe('scheduled');
    expect(eventStatusOf({ publishedAt: '2026-05-01T00:00:00Z' }, now)).toBe('published');
  });
});

describe('formatSchedule', () => {
  it('shows the end time alone on the same day of the zone', () => {
    expect(
      formatSchedule(
        { startAt: '2026-06-01T10:00:00Z', endAt: '2026-06-01T11:30:00Z' },
        'Asia/Tokyo',
      ),
    ).toBe('2026/06/01 19:00〜20:30');
  });

  it('shows the end date when the event crosses midnight in the zone', () => {
    expect(
      formatSchedule(
        { startAt: '2026-06-01T14:00:00Z', endAt: '2026-06-01T16:00:00Z' },
        'Asia/Tokyo',
      ),
    ).toBe('2026/06/01 23:00〜2026/06/02 01:00');
    expect(
      formatSchedule({ startAt: '2026-06-01T14:00:00Z', endAt: '2026-06-01T16:00:00Z' }, 'UTC'),
    ).toBe('2026/06/01 14:00〜16:00');
  });
});

describe('publicEventUrl', () => {
  it('is /events/{id} on the given origin', () => {
    expect(publicEventUrl('abc', 'https://example.com')).toBe('https://example.com/events/abc');
  });
});

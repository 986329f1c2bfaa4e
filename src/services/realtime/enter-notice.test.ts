import { describe, expect, it } from 'vitest';
import type { RealtimeMember } from '../../domain/realtime';
import { enterNoticesOf } from './enter-notice';

const space = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const member = (n: number, spaceId: string | null = null): RealtimeMember => ({
  userId: `00000000-0000-4000-8000-00000000000${n}`,
  name: `参加者${n}`,
  isGuest: n > 5,
  iconUrl: null,
  role: n > 5 ? 'guest' : 'user',
  spaceId,
  nowDoing: null,
});
const self = { userId: member(1).userId, spaceId: space };

describe('enter notices', () => {
  it('tells the attendee who entered the world, never about themselves', () => {
    const none = new Map();
    expect(enterNoticesOf({ type: 'presence.joined', member: member(6) }, none, self)).toEqual([
      { userId: member(6).userId, text: '参加者6さんが入場しました' },
    ]);
    expect(enterNoticesOf({ type: 'presence.joined', member: member(1) }, none, self)).toEqual([]);
  });

  it('tells who came into this space from elsewhere, not moves to other spaces or staying put', () => {
    const known = new Map(
      [member(1, space), member(2, other), member(3, space), member(4, null)].map((m) => [
        m.userId,
        m,
      ]),
    );
    const moves = [
      { userId: member(2).userId, spaceId: space },
      { userId: member(3).userId, spaceId: space },
      { userId: member(4).userId, spaceId: other },
      { userId: member(1).userId, spaceId: space },
      // Not known (left already): no name to tell.
      { userId: member(9).userId, spaceId: space },
    ];
    expect(enterNoticesOf({ type: 'presence.moved', moves }, known, self)).toEqual([
      { userId: member(2).userId, text: '参加者2さんがこのスペースに来ました' },
    ]);
  });

  it('says nothing about who was already there when the page opened', () => {
    const message = { type: 'presence.snapshot' as const, members: [member(2, space)] };
    expect(enterNoticesOf(message, new Map(), self)).toEqual([]);
  });
});

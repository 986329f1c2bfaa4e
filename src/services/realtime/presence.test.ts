import { describe, expect, it } from 'vitest';
import type { RealtimeMember } from '../../domain/realtime';
import { nextPresence, type Presence } from './presence';

const member = (n: number): RealtimeMember => ({
  userId: `00000000-0000-4000-8000-00000000000${n}`,
  name: `参加者${n}`,
  isGuest: false,
  iconUrl: null,
  role: 'user',
  spaceId: null,
  nowDoing: null,
});

describe('presence', () => {
  it('starts from the snapshot, then follows joins, moves and leaves', () => {
    let presence: Presence = new Map();
    presence = nextPresence(presence, { type: 'presence.snapshot', members: [member(1)] });
    presence = nextPresence(presence, { type: 'presence.joined', member: member(2) });
    const space = '11111111-1111-4111-8111-111111111111';
    presence = nextPresence(presence, {
      type: 'presence.moved',
      moves: [
        { userId: member(2).userId, spaceId: space },
        // Someone not (or no longer) present: nothing to move.
        { userId: member(9).userId, spaceId: space },
      ],
    });
    expect([...presence.values()].map((m) => [m.name, m.spaceId])).toEqual([
      ['参加者1', null],
      ['参加者2', space],
    ]);
    presence = nextPresence(presence, { type: 'presence.left', userId: member(1).userId });
    expect([...presence.keys()]).toEqual([member(2).userId]);
  });

  it('keeps the same object for messages that change nothing, so views do not re-render', () => {
    const presence: Presence = new Map([[member(1).userId, member(1)]]);
    expect(nextPresence(presence, { type: 'pong' })).toBe(presence);
    expect(nextPresence(presence, { type: 'presence.left', userId: member(3).userId })).toBe(
      presence,
    );
  });

  it('draws a changed icon on the person, and ignores one of someone not present', () => {
    const presence: Presence = new Map([[member(1).userId, member(1)]]);
    const iconUrl = 'http://app.test/files/userIcon/a/b.png';
    const next = nextPresence(presence, {
      type: 'presence.icon',
      userId: member(1).userId,
      iconUrl,
    });
    expect(next.get(member(1).userId)?.iconUrl).toBe(iconUrl);
    expect(
      nextPresence(presence, { type: 'presence.icon', userId: member(2).userId, iconUrl }),
    ).toBe(presence);
  });
});

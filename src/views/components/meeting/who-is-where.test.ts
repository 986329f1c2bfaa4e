import { describe, expect, it } from 'vitest';
import { placeAction, placesOf } from './who-is-where';

const row = (userId: string, spaceId: string) => ({
  userId,
  userName: '探され花子',
  spaceId,
  spaceName: 'テーブルB',
});

describe('who is where: what a found person offers', () => {
  it('offers to move to another space, not to one’s own, and nothing for oneself', () => {
    const self = { userId: 'me', spaceId: 'hall' };
    expect(placeAction(row('hanako', 'table-b'), self)).toBe('go');
    expect(placeAction(row('hanako', 'hall'), self)).toBe('here');
    expect(placeAction(row('me', 'table-b'), self)).toBe('self');
    expect(placeAction(row('me', 'hall'), self)).toBe('self');
  });
});

describe('who is where: when to read it again', () => {
  const member = (userId: string, spaceId: string | null, nowDoing: string | null = null) =>
    [
      userId,
      {
        userId,
        name: userId,
        isGuest: false,
        iconUrl: null,
        role: 'user' as const,
        spaceId,
        nowDoing,
      },
    ] as const;

  it('changes when someone moves, comes or goes, and not when a status changes', () => {
    const before = placesOf(new Map([member('a', 'hall'), member('b', 'table')]));
    expect(placesOf(new Map([member('b', 'table'), member('a', 'hall', '取り込み中')]))).toBe(
      before,
    );
    expect(placesOf(new Map([member('a', 'table'), member('b', 'table')]))).not.toBe(before);
    expect(placesOf(new Map([member('a', 'hall')]))).not.toBe(before);
    expect(placesOf(new Map([member('a', 'hall'), member('b', null)]))).not.toBe(before);
  });
});

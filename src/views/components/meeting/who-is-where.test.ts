import { describe, expect, it } from 'vitest';
import { placeAction } from './who-is-where';

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

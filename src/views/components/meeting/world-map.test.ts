import { describe, expect, it } from 'vitest';
import type { RealtimeMember } from '../../../domain/realtime';
import { spaceChanges } from './world-map';

const member = (userId: string, name: string): RealtimeMember => ({
  userId,
  name,
  isGuest: true,
  role: 'guest',
  spaceId: null,
});
const hanako = member('00000000-0000-4000-8000-000000000001', '花子');
const taro = member('00000000-0000-4000-8000-000000000002', '太郎');

describe('what a screen reader hears about the people of one’s space', () => {
  it('names who came and who left, and nothing when the same people are there', () => {
    expect(spaceChanges([hanako], [taro], 'テーブル1')).toEqual([
      '太郎さんが「テーブル1」に来ました。',
      '花子さんが「テーブル1」を離れました。',
    ]);
    expect(spaceChanges([hanako, taro], [taro, hanako], 'テーブル1')).toEqual([]);
  });
});

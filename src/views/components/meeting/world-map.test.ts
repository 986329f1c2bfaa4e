import { describe, expect, it } from 'vitest';
import type { RealtimeMember } from '../../../domain/realtime';
import { departures } from './world-map';

const member = (userId: string, name: string): RealtimeMember => ({
  userId,
  name,
  isGuest: true,
  iconUrl: null,
  role: 'guest',
  spaceId: null,
  nowDoing: null,
});
const hanako = member('00000000-0000-4000-8000-000000000001', '花子');
const taro = member('00000000-0000-4000-8000-000000000002', '太郎');

describe('what a screen reader hears about the people of one’s space', () => {
  it('names who left; who came is the enter notices’ to announce, once', () => {
    expect(departures([hanako], [taro], 'テーブル1')).toEqual([
      '花子さんが「テーブル1」を離れました。',
    ]);
    expect(departures([], [taro], 'テーブル1')).toEqual([]);
    expect(departures([hanako, taro], [taro, hanako], 'テーブル1')).toEqual([]);
  });
});

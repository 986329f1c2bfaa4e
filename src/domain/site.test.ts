import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, pageTitle } from './site';

describe('site titles', () => {
  it('reads "{site name} - {tagline}" by default', () => {
    expect(DEFAULT_TITLE).toBe('Worlds - オンラインでかんたんにイベント開催');
  });

  it('puts the page before the site name', () => {
    expect(pageTitle('ログイン')).toBe('ログイン - Worlds');
  });
});

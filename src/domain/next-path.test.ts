import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path';

describe('nextPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(nextPath('/mypage/worlds?tab=1#top')).toBe('/mypage/worlds?tab=1#top');
  });

  it('ignores other sites, protocol-relative and backslash tricks, and nothing', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'mypage',
      '',
      null,
    ])
      expect(nextPath(value)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { userIconFileProblem } from './user-icon';

// docs/product.md §4 アイコン: JPEG, PNG or WebP up to 2 MB, refused before uploading otherwise.
describe('a file chosen as an icon', () => {
  const MB = 1024 * 1024;
  it('is taken as JPEG, PNG or WebP up to 2 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(userIconFileProblem({ type, size: 2 * MB })).toBeNull();
  });

  it('is refused, in Japanese, as another type or over 2 MB', () => {
    expect(userIconFileProblem({ type: 'image/gif', size: 10 })).toBe(
      'アイコンには JPEG・PNG・WebP の画像を選んでください。',
    );
    expect(userIconFileProblem({ type: 'image/png', size: 2 * MB + 1 })).toBe(
      'アイコンの画像は2MB以下にしてください。',
    );
  });
});

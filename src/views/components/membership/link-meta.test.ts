import { describe, expect, it } from 'vitest';
import { linkMeta } from './link-meta';

describe('linkMeta', () => {
  it('shows uses against the limit and the expiry in the world zone', () => {
    expect(
      linkMeta(
        {
          uses: 3,
          maxUses: 30,
          expiresAt: '2026-05-02T00:00:00Z',
          createdAt: '2026-05-01T00:00:00Z',
        },
        'Asia/Tokyo',
      ),
    ).toMatch(/^3 \/ 30回使用 ・ 有効期限 2026.*09:00 ・ 2026.*09:00 発行$/);
  });

  it('says when a link has no limit or no expiry', () => {
    expect(
      linkMeta(
        { uses: 0, maxUses: null, expiresAt: null, createdAt: '2026-05-01T00:00:00Z' },
        'UTC',
      ),
    ).toMatch(/^0回使用 ・ 有効期限なし ・ /);
  });
});

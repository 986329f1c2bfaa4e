import { describe, expect, it } from 'vitest';
import { pageMeta, SITE_DESCRIPTION } from './page-meta';

const byKey = (tags: ReturnType<typeof pageMeta>['tags']) =>
  Object.fromEntries(tags.map((t) => [t.key, t.content]));

describe('pageMeta', () => {
  it('gives the root path the default title and no og:url or og:type', () => {
    const meta = pageMeta({ path: '/', baseUrl: 'https://worlds.example' });
    expect(meta.title).toBe('Worlds - オンラインでかんたんにイベント開催');
    expect(byKey(meta.tags)).toEqual({
      description: SITE_DESCRIPTION,
      'og:title': 'Worlds - オンラインでかんたんにイベント開催',
      'og:description': SITE_DESCRIPTION,
      'og:image': 'https://worlds.example/og-image.png',
    });
  });

  it('adds og:url and og:type "article" off the root path', () => {
    const meta = pageMeta({
      page: 'ログイン',
      path: '/signin',
      baseUrl: 'https://worlds.example/',
    });
    expect(meta.title).toBe('ログイン - Worlds');
    const tags = byKey(meta.tags);
    expect(tags['og:title']).toBe('ログイン - Worlds');
    expect(tags['og:url']).toBe('https://worlds.example/signin');
    expect(tags['og:type']).toBe('article');
  });
});

import { DEFAULT_TITLE, pageTitle } from './site';

// Page metadata (docs/product.md §2, "App shell"): title, description, og title/description/image
// everywhere, and off the root path also og:url (base URL + path) and og:type "article".

export const SITE_DESCRIPTION =
  'オンライン上の仮想のイベント会場「ワールド」で、ビデオ会議やライブ配信のイベントをかんたんに開催できるサービスです。';

/** Served from public/; resolved against the base URL because og:image must be absolute. */
const OG_IMAGE_PATH = '/og-image.png';

type MetaTag = { attribute: 'name' | 'property'; key: string; content: string };

export type PageMeta = { title: string; tags: MetaTag[] };

/**
 * Title and meta tags of a page. `page` is the page's own title (none on the root path, which
 * takes the default title); `baseUrl` has no trailing slash ("https://example.com").
 */
export function pageMeta({
  page,
  path,
  baseUrl,
}: {
  page?: string | undefined;
  path: string;
  baseUrl: string;
}): PageMeta {
  const title = page ? pageTitle(page) : DEFAULT_TITLE;
  const base = baseUrl.replace(/\/+$/, '');
  const tags: MetaTag[] = [
    { attribute: 'name', key: 'description', content: SITE_DESCRIPTION },
    { attribute: 'property', key: 'og:title', content: title },
    { attribute: 'property', key: 'og:description', content: SITE_DESCRIPTION },
    { attribute: 'property', key: 'og:image', content: `${base}${OG_IMAGE_PATH}` },
  ];
  if (path !== '/') {
    tags.push(
      { attribute: 'property', key: 'og:url', content: `${base}${path}` },
      { attribute: 'property', key: 'og:type', content: 'article' },
    );
  }
  return { title, tags };
}

// The product's name and tagline, used by index.html's default title (through vite.config.ts)
// and by every page title, so the two cannot drift apart.
export const SITE_NAME = 'Worlds';

/** "Hold events online easily": the title suffix of the original product. */
const SITE_TAGLINE = 'オンラインでかんたんにイベント開催';

/** The title of a page that has none of its own: "{site name} - {tagline}". */
export const DEFAULT_TITLE = `${SITE_NAME} - ${SITE_TAGLINE}`;

/** The title of a named page: "{page} - {site name}". */
export function pageTitle(page: string): string {
  return `${page} - ${SITE_NAME}`;
}

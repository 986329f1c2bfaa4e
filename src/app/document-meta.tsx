import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { pageMeta } from '../domain/page-meta';
import type { AppError } from '../services/errors/app-error';
import type { RouteHandle } from './route-table';

/** The site's public origin: VITE_PUBLIC_URL when the build sets it, else this page's origin. */
function baseUrl(): string {
  const configured: unknown = import.meta.env.VITE_PUBLIC_URL;
  return typeof configured === 'string' && configured !== '' ? configured : window.location.origin;
}

const MANAGED = ['description', 'og:title', 'og:description', 'og:image', 'og:url', 'og:type'];

function upsertMeta(attribute: 'name' | 'property', key: string, content: string | null) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Title and meta tags of the page shown: "{page} - {site name}" from the deepest route's handle,
 * the default title without one, and the error message while the error page is shown.
 */
export function DocumentMeta({ error }: { error: AppError | null }) {
  const matches = useMatches();
  const { pathname } = useLocation();
  const page = [...matches]
    .reverse()
    .find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  const title = page?.title ?? undefined;

  useEffect(() => {
    const meta = pageMeta({ page: title, path: pathname, baseUrl: baseUrl() });
    document.title = error ? error.message : meta.title;
    const present = new Map(meta.tags.map((tag) => [tag.key, tag]));
    for (const key of MANAGED) {
      const tag = present.get(key);
      upsertMeta(key.startsWith('og:') ? 'property' : 'name', key, tag ? tag.content : null);
    }
  }, [title, pathname, error]);

  return null;
}

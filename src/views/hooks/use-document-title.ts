import { useEffect } from 'react';
import { pageTitle } from '../../domain/site';

/** Sets "{page} - {site name}" as the document title while the page is shown. */
export function useDocumentTitle(page: string) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}

import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';
import './form.css';

/**
 * The frame of an account screen. `title` is the document title (the same words as the route
 * table's title, so nothing flickers); `heading` the h1 when the state calls for other words.
 */
export function FormPage({ title, heading = title, children }: { title: string; heading?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="form-page">
      <h1>{heading}</h1>
      {children}
    </div>
  );
}

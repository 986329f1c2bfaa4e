import type { ReactNode } from 'react';
import './form.css';

/** The frame of an account screen; the document title comes from the route table. */
export function FormPage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="form-page">
      <h1>{heading}</h1>
      {children}
    </div>
  );
}

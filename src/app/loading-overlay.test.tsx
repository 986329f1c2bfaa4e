import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadingOverlayView } from './loading-overlay';

describe('LoadingOverlayView', () => {
  it('is a polite status region with the message under the spinner', () => {
    const html = renderToStaticMarkup(<LoadingOverlayView message="保存しています…" />);

    expect(html).toMatch(/^<div role="status" aria-live="polite"/);
    expect(html).toMatch(/<svg[^]*<\/svg><p[^>]*>保存しています…<\/p>/);
  });

  it('says 読み込み中 to screen readers when there is no message', () => {
    expect(renderToStaticMarkup(<LoadingOverlayView />)).toContain('>読み込み中</span>');
  });
});

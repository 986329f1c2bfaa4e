import { Link } from 'react-router';
import type { AppError } from '../../services/errors/app-error';
import { clearError } from '../../services/errors/current-error';
import { fallbackMessage } from '../../services/errors/handle-error';
import { SiteLogo } from '../components/site-logo';
import { SkipLink } from '../components/skip-link';
import '../layouts/layouts.css';

/** Statuses after which going home is the way on (docs/product.md §2). */
const HOME_LINK_STATUSES: ReadonlySet<number> = new Set([404, 500]);

/** The lines of the message, as the page shows them. */
export function messageLines(error: AppError): string[] {
  const message = error.message || fallbackMessage(error.statusCode);
  return message.split(/\r?\n/).filter((line) => line.trim() !== '');
}

/**
 * The error page: the status code, the message line by line and, for 404 and 500, a link home
 * that clears the error. The document title (the message) is set by the app with the others.
 */
export function ErrorPage({ error }: { error: AppError }) {
  return (
    <div className="layout layout-error">
      <SkipLink />
      <header className="layout-header">
        <SiteLogo />
      </header>
      <main id="main" className="layout-main layout-main-narrow" tabIndex={-1}>
        <h1 className="error-status">{error.statusCode}</h1>
        <div className="error-message">
          {messageLines(error).map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
        {HOME_LINK_STATUSES.has(error.statusCode) ? (
          <p>
            <Link className="button" to="/" onClick={() => clearError()}>
              ホームに戻る
            </Link>
          </p>
        ) : null}
      </main>
    </div>
  );
}

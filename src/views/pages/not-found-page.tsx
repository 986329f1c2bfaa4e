import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { pageTitle } from '../../domain/site';

/** The catch-all route. Placeholder until the app shell's error page handles status 404. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const message = `Page not found: ${pathname}`;

  useEffect(() => {
    document.title = pageTitle(message);
  }, [message]);

  return (
    <main className="page">
      <h1>404</h1>
      <p>{message}</p>
      <p>
        <Link to="/">ホームに戻る</Link>
      </p>
    </main>
  );
}

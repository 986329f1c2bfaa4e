import { Link, Outlet } from 'react-router';
import { SiteLogo } from '../components/site-logo';
import { SkipLink } from '../components/skip-link';
import './layouts.css';
import { SiteFooter } from './site-footer';

/** The default layout: header with the way back to mypage, a wide column, footer. */
export function DefaultLayout() {
  return (
    <div className="layout layout-default">
      <SkipLink />
      <header className="layout-header">
        <SiteLogo />
        <nav className="layout-nav" aria-label="メイン">
          <ul>
            <li>
              <Link to="/mypage/worlds">マイページ</Link>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" className="layout-main layout-main-wide" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

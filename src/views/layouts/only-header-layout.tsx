import { Outlet } from 'react-router';
import { SiteLogo } from '../components/site-logo';
import { SkipLink } from '../components/skip-link';
import './layouts.css';

/** Header only, no footer: a focused task such as paying for a world. */
export function OnlyHeaderLayout() {
  return (
    <div className="layout layout-only-header">
      <SkipLink />
      <header className="layout-header">
        <SiteLogo to="/mypage/worlds" />
      </header>
      <main id="main" className="layout-main layout-main-narrow" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

import { Outlet } from 'react-router';
import { SiteLogo } from '../components/site-logo';
import { SkipLink } from '../components/skip-link';
import './layouts.css';
import { SiteFooter } from './site-footer';

/** The "brand" layout of docs/product.md §2 ("{product}-bland" in the original): the brand centred, one narrow column (sign-in and the like). */
export function BrandLayout() {
  return (
    <div className="layout layout-brand">
      <SkipLink />
      <header className="layout-header">
        <SiteLogo />
      </header>
      <main id="main" className="layout-main layout-main-narrow" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

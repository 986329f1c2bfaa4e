import { Outlet } from 'react-router';
import { SkipLink } from '../components/skip-link';
import './layouts.css';

/**
 * Inside a world: the page owns the whole screen (video, layout, controls), so the layout adds
 * only the skip link and the main landmark.
 */
export function WorldLayout() {
  return (
    <div className="layout layout-world">
      <SkipLink />
      <main id="main" className="layout-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

import { NavLink, Outlet } from 'react-router';
import { useSession } from '../hooks/use-session';
import { SiteLogo } from '../components/site-logo';
import { SkipLink } from '../components/skip-link';
import { useUnreadNewsCount } from '../components/news/use-news';
import '../components/news/news.css';
import './layouts.css';
import { SiteFooter } from './site-footer';

/** The signed-in area: header with the mypage navigation and sign-out, a wide column. */
export function MypageLayout() {
  const session = useSession();
  const unread = useUnreadNewsCount();
  return (
    <div className="layout layout-mypage">
      <SkipLink />
      <header className="layout-header">
        <SiteLogo to="/mypage/worlds" />
        <nav className="layout-nav" aria-label="マイページ">
          <ul>
            <li>
              <NavLink to="/mypage/worlds" end>
                ワールド一覧
              </NavLink>
            </li>
            <li>
              <NavLink to="/mypage/payments">お支払い</NavLink>
            </li>
            <li>
              <NavLink to="/mypage/news">
                お知らせ
                {unread > 0 && <span className="nav-unread">未読{unread}件</span>}
              </NavLink>
            </li>
            <li>
              <NavLink to="/mypage/account">アカウント</NavLink>
            </li>
            <li>
              <button
                type="button"
                onClick={() => session.signOut()}
                disabled={session.status === 'signingOut'}
              >
                ログアウト
              </button>
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

import { Link } from 'react-router';
import { SITE_NAME } from '../../domain/site';

/** Every layout's footer but the focused ones: contact and the 特定商取引法 page (docs/product.md §4). */
export function SiteFooter() {
  return (
    <footer className="layout-footer">
      <nav aria-label="フッター">
        <ul>
          <li>
            <Link to="/contact">お問い合わせ</Link>
          </li>
          <li>
            <Link to="/legal/commerce">特定商取引法に基づく表記</Link>
          </li>
        </ul>
      </nav>
      <small>© {SITE_NAME}</small>
    </footer>
  );
}

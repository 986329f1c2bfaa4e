import { Link } from 'react-router';
import { SITE_NAME } from '../../domain/site';

/** The product name as the header's home link. */
export function SiteLogo({ to = '/' }: { to?: string }) {
  return (
    <Link className="site-logo" to={to}>
      {SITE_NAME}
    </Link>
  );
}

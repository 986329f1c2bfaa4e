import { Link, useSearchParams } from 'react-router';
import { nextPath } from '../../../domain/next-path';

/**
 * After a mailed link's work is done (confirmation, new password): a link to the page the mail
 * named (redirect_url, a path of this site), else to the sign-in page.
 */
export function ThenLink() {
  const [searchParams] = useSearchParams();
  const next = nextPath(searchParams.get('redirect_url'));
  return next ? <Link to={next}>次へ進む</Link> : <Link to="/signin">ログイン画面へ</Link>;
}

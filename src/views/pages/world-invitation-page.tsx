import { Link, useParams, useSearchParams } from 'react-router';
import { GuestLinksSection, useGuestLinks } from '../components/membership/guest-links-section';
import { Loading } from '../components/loading';
import { CopyButton } from '../components/membership/copy-button';
import { InvitationJoin } from '../components/worlds/invitation-join';
import { useMyWorld } from '../components/worlds/use-my-world';
import { LoadFailure } from '../components/load-failure';
import { worldLoadFailure } from '../components/worlds/world-format';
import '../components/worlds/worlds.css';

/**
 * /mypage/worlds/:id/invitation: how to bring people into the world, on one screen to show or
 * share: the world's address for members, and guest links for people without an account.
 * With ?token= it is the mailed invitation link instead, which asks its holder to join.
 */
export function WorldInvitationPage() {
  const token = useSearchParams()[0].get('token');
  return token ? <InvitationJoin token={token} /> : <WorldInvitationManagement />;
}

function WorldInvitationManagement() {
  const { id = '' } = useParams();
  const query = useMyWorld(id);
  const world = query.data;
  // Started beside the world rather than once the section mounts: no waterfall.
  useGuestLinks(id);
  const worldUrl = `${window.location.origin}/worlds/${id}`;

  return (
    <div className="page" aria-busy={query.isPending || undefined}>
      <h1>{world ? `「${world.name}」への招待` : 'ワールドへの招待'}</h1>
      {!world && query.isPending && <Loading />}
      {!world && query.error && (
        <LoadFailure
          {...worldLoadFailure}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {world && (
        <>
          <section aria-labelledby="world-url-heading" className="membership-section">
            <h2 id="world-url-heading">メンバー用のURL</h2>
            <p>アカウントを持つメンバーは、ログインしてこのURLから入場します。</p>
            <code className="membership-url">{worldUrl}</code>
            <CopyButton text={worldUrl} label="メンバー用のURLをコピー" />
          </section>
          <GuestLinksSection world={world} />
          <p>
            <Link to={`/mypage/worlds/${id}`}>ワールドの管理ページに戻る</Link>
          </p>
        </>
      )}
    </div>
  );
}

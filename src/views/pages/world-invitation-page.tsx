import { Link, useParams } from 'react-router';
import { GuestLinksSection } from '../components/membership/guest-links-section';
import { CopyButton } from '../components/membership/copy-button';
import { useMyWorld } from '../components/worlds/use-my-world';
import { LoadFailure } from '../components/load-failure';
import { worldLoadFailure } from '../components/worlds/world-format';
import '../components/worlds/worlds.css';

/**
 * /mypage/worlds/:id/invitation: how to bring people into the world, on one screen to show or
 * share: the world's address for members, and guest links for people without an account.
 */
export function WorldInvitationPage() {
  const { id = '' } = useParams();
  const { state, reload } = useMyWorld(id);
  const worldUrl = `${window.location.origin}/worlds/${id}`;

  return (
    <div className="page" aria-busy={state.kind === 'loading' || undefined}>
      <h1>{state.kind === 'loaded' ? `「${state.world.name}」への招待` : 'ワールドへの招待'}</h1>
      {state.kind === 'loading' && <p role="status">読み込み中…</p>}
      {state.kind === 'failed' && <LoadFailure {...worldLoadFailure} status={state.status} errors={state.errors} onRetry={reload} />}
      {state.kind === 'loaded' && (
        <>
          <section aria-labelledby="world-url-heading" className="membership-section">
            <h2 id="world-url-heading">メンバー用のURL</h2>
            <p>アカウントを持つメンバーは、ログインしてこのURLから入場します。</p>
            <code className="membership-url">{worldUrl}</code>
            <CopyButton text={worldUrl} label="メンバー用のURLをコピー" />
          </section>
          <GuestLinksSection world={state.world} />
          <p>
            <Link to={`/mypage/worlds/${id}`}>ワールドの管理ページに戻る</Link>
          </p>
        </>
      )}
    </div>
  );
}

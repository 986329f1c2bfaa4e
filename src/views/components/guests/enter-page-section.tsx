import { request, useApi } from '../../hooks/use-api';
import { useLoaded } from '../../hooks/use-loaded';
import { LoadState } from '../membership/list-state';
import type { World } from '../worlds/world-format';
import { BadgesEditor } from './badges-editor';
import { IntroductionForm } from './introduction-form';
import '../membership/membership.css';

/** 入場ページの案内: what guests see on the world's enter page, its introduction and the badges they may pick. */
export function EnterPageSection({ world }: { world: World }) {
  const api = useApi();
  const path = { params: { path: { world_id: world.id } } };
  const introduction = useLoaded(() => request(() => api.GET('/api/mypage/worlds/{world_id}/enter_guest_editable_introductions', path)), world.id);
  const badges = useLoaded(() => request(() => api.GET('/api/mypage/worlds/{world_id}/enter_guest_editable_badges', path)), world.id);

  return (
    <section aria-labelledby="enter-page-heading" className="membership-section">
      <h2 id="enter-page-heading">入場ページの案内</h2>
      <p>ゲスト用リンクやゲスト専用のリンクを開いた人が、入場前に見るページの内容です。</p>
      <LoadState state={introduction.state} what="案内文" onRetry={introduction.reload}>
        {(data) => <IntroductionForm world={world} saved={data} />}
      </LoadState>
      <LoadState state={badges.state} what="バッジ" onRetry={badges.reload}>
        {(data) => <BadgesEditor world={world} saved={data.items} />}
      </LoadState>
    </section>
  );
}


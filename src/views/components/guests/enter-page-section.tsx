import { useQueryApi } from '../../hooks/use-api-query';
import { QueryState } from '../query-state';
import type { World } from '../worlds/world-format';
import { BadgesEditor } from './badges-editor';
import { IntroductionForm } from './introduction-form';
import '../membership/membership.css';

/** 入場ページの案内: what guests see on the world's enter page, its introduction and the badges they may pick. */
export function EnterPageSection({ world }: { world: World }) {
  const queryApi = useQueryApi();
  const path = { params: { path: { world_id: world.id } } };
  const introduction = queryApi.useQuery(
    'get',
    '/api/mypage/worlds/{world_id}/enter_guest_editable_introductions',
    path,
  );
  const badges = queryApi.useQuery(
    'get',
    '/api/mypage/worlds/{world_id}/enter_guest_editable_badges',
    path,
  );

  return (
    <section aria-labelledby="enter-page-heading" className="membership-section">
      <h2 id="enter-page-heading">入場ページの案内</h2>
      <p>ゲスト用リンクやゲスト専用のリンクを開いた人が、入場前に見るページの内容です。</p>
      <QueryState query={introduction} what="案内文">
        {(data) => <IntroductionForm world={world} saved={data} />}
      </QueryState>
      <QueryState query={badges} what="バッジ">
        {(data) => <BadgesEditor world={world} saved={data.items} />}
      </QueryState>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useQueryApi } from '../../hooks/use-api-query';
import { QueryState } from '../query-state';
import type { World } from '../worlds/world-format';
import { BadgesEditor } from './badges-editor';
import { IntroductionForm } from './introduction-form';
import { guestQueries } from '../../../services/api/guests-queries';
import '../membership/membership.css';

/** 入場ページの案内: what guests see on the world's enter page, its introduction and the badges they may pick. */
export function EnterPageSection({ world }: { world: World }) {
  const queryApi = useQueryApi();
  const introduction = useQuery(guestQueries.introduction(queryApi, world.id));
  const badges = useQuery(guestQueries.badges(queryApi, world.id));

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

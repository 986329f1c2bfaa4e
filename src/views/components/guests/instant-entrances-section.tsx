import { useState } from 'react';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { useLoaded } from '../../hooks/use-loaded';
import { Notice } from '../form/notice';
import { CopyButton } from '../membership/copy-button';
import { GuestLinkForm } from '../membership/guest-link-form';
import { linkMeta } from '../membership/link-meta';
import { ListState } from '../membership/list-state';
import type { World } from '../worlds/world-format';
import '../membership/membership.css';

type InstantEntrance = components['schemas']['InstantEntrance'];

const nameOf = (entrance: InstantEntrance) => entrance.label ?? '名前なし';

/**
 * かんたん入場: links that let anyone in at once as a new guest, with no name to type. Each runs
 * until its expiry or its limit of uses; the server says whether it still lets people in.
 */
export function InstantEntrancesSection({ world }: { world: World }) {
  const api = useApi();
  const { state, reload } = useLoaded(
    () => request(() => api.GET('/api/mypage/worlds/{world_id}/instant_entrances', { params: { path: { world_id: world.id } } })),
    world.id,
  );
  const [done, setDone] = useState<string | null>(null);

  return (
    <section aria-labelledby="instant-entrances-heading" className="membership-section">
      <h2 id="instant-entrances-heading">かんたん入場</h2>
      <p>
        かんたん入場のURLを開いた人は、名前の入力なしですぐにゲストとして入場できます。受付の手間を省きたいイベント向けです。有効期限と人数の上限で、使える期間と人数を決められます。
      </p>
      <GuestLinkForm
        world={world}
        what="かんたん入場のURL"
        create={(body) =>
          request(() => api.POST('/api/mypage/worlds/{world_id}/instant_entrances', { params: { path: { world_id: world.id } }, body }))
        }
        onCreated={(entrance) => {
          setDone(`かんたん入場のURL「${nameOf(entrance)}」を発行しました。かんたん入場が使えるようになりました。`);
          reload();
        }}
      />
      {done && (
        <Notice>
          <p>{done}</p>
        </Notice>
      )}
      <h3>発行したURL</h3>
      <ListState state={state} what="かんたん入場のURL" onRetry={reload} empty="かんたん入場は使われていません。URLを発行すると使えるようになります。">
        {(data) => (
          <ul className="membership-list" aria-label="かんたん入場のURL">
            {data.items.map((entrance) => (
              <li key={entrance.id} className="membership-item">
                <div className="membership-item-main">
                  <span className="membership-item-name">{nameOf(entrance)}</span>
                  <span className={`world-role instant-entrance-${entrance.enabled ? 'enabled' : 'disabled'}`}>
                    {entrance.enabled ? '受付中' : '終了（期限切れまたは上限到達）'}
                  </span>
                </div>
                <code className="membership-url">{entrance.url}</code>
                <p className="membership-item-meta">{linkMeta(entrance, world.timeZone)}</p>
                <div className="membership-item-actions">
                  <CopyButton text={entrance.url} label={`「${nameOf(entrance)}」のURLをコピー`} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}

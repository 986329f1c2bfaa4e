import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmDialog } from '../confirm-dialog';
import { SectionOutcome, useSectionOutcome } from '../membership/section-outcome';
import { ListState } from '../query-state';
import type { World } from '../worlds/world-format';
import { WorldGroupForm } from './world-group-form';
import { myWorldQueries } from '../../../services/api/my-worlds-queries';
import {
  invalidateWorldGroups,
  worldGroupMutations,
  worldGroupQueries,
} from '../../../services/api/world-groups-queries';
import './world-groups.css';

type Group = components['schemas']['WorldGroup'];

/** The most worlds one page of the list holds: the boxes of the group form offer these. */
const OWNED_PAGE = 100;

/**
 * ワールドグループ on the worlds list (docs/product.md, "World groups"): the caller's groups with
 * their worlds, a form to create one, and per group a change (name, worlds) and a delete.
 */
export function WorldGroupsSection() {
  const api = useApi();
  const queryApi = useQueryApi();
  const queryClient = useQueryClient();
  const groups = useQuery(worldGroupQueries.list(queryApi));
  const worlds = useQuery(myWorldQueries.list(queryApi, { page: 1, perPage: OWNED_PAGE }));
  const owned = (worlds.data?.items ?? []).filter((world) => world.role === 'owner');
  const names = new Map(worlds.data?.items.map((world: World) => [world.id, world.name]));
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useSectionOutcome(() => void invalidateWorldGroups(queryClient));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    const outcome = await request(() => worldGroupMutations.remove(api, deleting.id));
    setBusy(false);
    setDeleting(null);
    feedback.settle(outcome, `グループ「${deleting.name}」を削除しました。`);
  };

  return (
    <section className="world-groups" aria-labelledby="world-groups-heading" id="world-groups">
      <h2 id="world-groups-heading">ワールドグループ</h2>
      <p>
        主催しているワールドをグループにまとめると、ワールドのページから同じグループのワールドへ移れます。
      </p>
      <SectionOutcome outcome={feedback} />
      <ListState query={groups} what="ワールドグループ" empty="まだグループがありません。">
        {(data) => (
          <ul className="world-group-list" aria-label="ワールドグループ">
            {data.items.map((group) => (
              <li key={group.id} className="world-group-item">
                {editing === group.id ? (
                  <WorldGroupForm
                    group={group}
                    ownedWorlds={owned}
                    onSaved={(name) => {
                      setEditing(null);
                      feedback.succeed(`グループ「${name}」を保存しました。`);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <h3 className="world-group-name">{group.name}</h3>
                    {group.worldIds.length === 0 ? (
                      <p className="list-empty">ワールドが入っていません。</p>
                    ) : (
                      <ul
                        className="world-group-worlds-list"
                        aria-label={`${group.name}のワールド`}
                      >
                        {group.worldIds.map((id) => (
                          <li key={id}>
                            <Link to={`/mypage/worlds/${id}`}>{names.get(id) ?? 'ワールド'}</Link>
                          </li>
                        ))}
                      </ul>
                    )}
                    <div className="button-row">
                      <button
                        type="button"
                        className="button"
                        aria-label={`グループ「${group.name}」を変更`}
                        onClick={() => {
                          feedback.forget();
                          setEditing(group.id);
                        }}
                      >
                        変更
                      </button>
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        aria-label={`グループ「${group.name}」を削除`}
                        onClick={() => setDeleting(group)}
                      >
                        削除
                      </button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <h3>グループを作成</h3>
      <WorldGroupForm
        ownedWorlds={owned}
        onSaved={(name) => feedback.succeed(`グループ「${name}」を作成しました。`)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `グループ「${deleting.name}」を削除しますか？` : ''}
        confirmLabel="削除する"
        busyLabel="削除しています…"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        <p>グループだけが削除されます。ワールドはそのまま残ります。</p>
      </ConfirmDialog>
    </section>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmDialog } from '../confirm-dialog';
import type { World } from '../worlds/world-format';
import { CopyButton } from './copy-button';
import { GuestLinkForm } from './guest-link-form';
import { linkMeta } from './link-meta';
import { ListState } from '../query-state';
import { SectionOutcome, useSectionOutcome } from './section-outcome';
import {
  guestMutations,
  guestQueries,
  invalidateGuestLinks,
} from '../../../services/api/guests-queries';
import './membership.css';

type GuestLink = components['schemas']['WorldGuestToken'];

/** The world's guest links (a page may call this early, so that they load beside the world). */
export function useGuestLinks(worldId: string) {
  return useQuery(guestQueries.links(useQueryApi(), worldId));
}

/** ゲスト用リンク: links with which people without an account enter the world as guests. */
export function GuestLinksSection({ world }: { world: World }) {
  const api = useApi();
  const links = useGuestLinks(world.id);
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<GuestLink | null>(null);
  const [busy, setBusy] = useState(false);
  const outcome = useSectionOutcome(() => void invalidateGuestLinks(queryClient, world.id));

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    const link = revoking;
    const answer = await request(() => guestMutations.revokeLink(api, world.id, link.id));
    setBusy(false);
    setRevoking(null);
    outcome.settle(answer, `ゲスト用リンク「${link.label ?? '名前なし'}」を無効にしました。`);
  };

  return (
    <section aria-labelledby="guest-links-heading" className="membership-section">
      <h2 id="guest-links-heading">ゲスト用リンク</h2>
      <p>
        アカウントを持たない人も、このリンクからゲストとしてワールドに入れます。リンクを知っている人は誰でも使えるので、共有する相手に注意してください。
      </p>
      <GuestLinkForm
        world={world}
        what="ゲスト用リンク"
        mode={{
          kind: 'issue',
          submit: (body) => request(() => guestMutations.createLink(api, world.id, body)),
        }}
        onDone={(link) =>
          outcome.succeed(`ゲスト用リンク「${link.label ?? '名前なし'}」を発行しました。`)
        }
      />
      <SectionOutcome outcome={outcome} />
      <h3>発行したリンク</h3>
      <ListState query={links} what="ゲスト用リンク" empty="まだゲスト用リンクはありません。">
        {(data) => (
          <ul className="membership-list" aria-label="ゲスト用リンク">
            {data.items.map((link) => (
              <li key={link.id} className="membership-item">
                <span className="membership-item-name">{link.label ?? '名前なし'}</span>
                <code className="membership-url">{link.url}</code>
                <p className="membership-item-meta">{linkMeta(link, world.timeZone)}</p>
                <div className="membership-item-actions">
                  <CopyButton
                    text={link.url}
                    label={`「${link.label ?? '名前なし'}」のURLをコピー`}
                  />
                  <GuestLinkForm
                    world={world}
                    what="ゲスト用リンク"
                    mode={{
                      kind: 'change',
                      link,
                      name: link.label ?? '名前なし',
                      submit: (change) =>
                        request(() => guestMutations.changeLink(api, world.id, link.id, change)),
                    }}
                    onDone={(changed) =>
                      outcome.succeed(
                        `ゲスト用リンク「${changed.label ?? '名前なし'}」を変更しました。`,
                      )
                    }
                  />
                  <button
                    type="button"
                    className="button"
                    aria-label={`「${link.label ?? '名前なし'}」を無効にする`}
                    onClick={() => setRevoking(link)}
                  >
                    無効にする
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <ConfirmDialog
        open={revoking !== null}
        title="ゲスト用リンクを無効にしますか？"
        confirmLabel="無効にする"
        busyLabel="無効にしています…"
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      >
        <p>このリンクからは入場できなくなります。すでに入場しているゲストはそのまま残ります。</p>
      </ConfirmDialog>
    </section>
  );
}

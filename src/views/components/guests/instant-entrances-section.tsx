import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmDialog } from '../confirm-dialog';
import { ErrorSummary } from '../form/error-summary';
import { Notice } from '../form/notice';
import { CopyButton } from '../membership/copy-button';
import { GuestLinkForm } from '../membership/guest-link-form';
import { linkMeta } from '../membership/link-meta';
import { ListState } from '../query-state';
import { operationErrors, type World } from '../worlds/world-format';
import {
  guestMutations,
  guestQueries,
  invalidateInstantEntrances,
} from '../../../services/api/guests-queries';
import '../membership/membership.css';

type InstantEntrance = components['schemas']['InstantEntrance'];

const nameOf = (entrance: InstantEntrance) => entrance.label ?? '名前なし';

function stateOf(entrance: InstantEntrance): { key: string; text: string } {
  if (entrance.stoppedAt) return { key: 'stopped', text: '停止されています' };
  return entrance.enabled
    ? { key: 'enabled', text: '受付中' }
    : { key: 'disabled', text: '終了（期限切れまたは上限到達）' };
}

/**
 * かんたん入場: links that let anyone in at once as a new guest, who only types a name. Each runs
 * until its expiry, its limit of uses, or until it is stopped; the server says whether it still
 * lets people in. A stopped one stays listed.
 */
export function InstantEntrancesSection({ world }: { world: World }) {
  const api = useApi();
  const entrances = useQuery(guestQueries.instantEntrances(useQueryApi(), world.id));
  const queryClient = useQueryClient();
  const refresh = () => void invalidateInstantEntrances(queryClient, world.id);
  const [done, setDone] = useState<string | null>(null);
  const [stopping, setStopping] = useState<InstantEntrance | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [failures, setFailures] = useState(0);

  const stop = async () => {
    if (!stopping) return;
    const entrance = stopping;
    setBusy(true);
    const outcome = await request(() =>
      guestMutations.stopInstantEntrance(api, world.id, entrance.id),
    );
    setBusy(false);
    setStopping(null);
    if (!outcome.ok) {
      setDone(null);
      setErrors(operationErrors(outcome));
      setFailures((n) => n + 1);
      return;
    }
    setErrors([]);
    setDone(`かんたん入場のURL「${nameOf(entrance)}」を停止しました。`);
    refresh();
  };

  return (
    <section aria-labelledby="instant-entrances-heading" className="membership-section">
      <h2 id="instant-entrances-heading">かんたん入場</h2>
      <p>
        かんたん入場のURLを開いた人は、名前を入力するだけですぐにゲストとして入場できます。受付の手間を省きたいイベント向けです。有効期限と人数の上限で、使える期間と人数を決められます。
      </p>
      <GuestLinkForm
        world={world}
        what="かんたん入場のURL"
        mode={{
          kind: 'issue',
          submit: (body) =>
            request(() => guestMutations.createInstantEntrance(api, world.id, body)),
        }}
        onDone={(entrance) => {
          setErrors([]);
          setDone(
            `かんたん入場のURL「${nameOf(entrance)}」を発行しました。かんたん入場が使えるようになりました。`,
          );
          refresh();
        }}
      />
      {done && (
        <Notice>
          <p>{done}</p>
        </Notice>
      )}
      <ErrorSummary messages={errors} focusKey={failures} title="操作できませんでした。" />
      <h3>発行したURL</h3>
      <ListState
        query={entrances}
        what="かんたん入場のURL"
        empty="かんたん入場は使われていません。URLを発行すると使えるようになります。"
      >
        {(data) => (
          <ul className="membership-list" aria-label="かんたん入場のURL">
            {data.items.map((entrance) => (
              <li key={entrance.id} className="membership-item">
                <div className="membership-item-main">
                  <span className="membership-item-name">{nameOf(entrance)}</span>
                  <span className={`world-role instant-entrance-${stateOf(entrance).key}`}>
                    {stateOf(entrance).text}
                  </span>
                </div>
                <code className="membership-url">{entrance.url}</code>
                <p className="membership-item-meta">{linkMeta(entrance, world.timeZone)}</p>
                <div className="membership-item-actions">
                  <CopyButton text={entrance.url} label={`「${nameOf(entrance)}」のURLをコピー`} />
                  {!entrance.stoppedAt && (
                    <button
                      type="button"
                      className="button"
                      aria-label={`「${nameOf(entrance)}」を停止`}
                      onClick={() => setStopping(entrance)}
                    >
                      停止
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <ConfirmDialog
        open={stopping !== null}
        title="かんたん入場のURLを停止しますか？"
        confirmLabel="停止する"
        busyLabel="停止しています…"
        busy={busy}
        onConfirm={() => void stop()}
        onCancel={() => setStopping(null)}
      >
        <p>
          このURLからは入場できなくなります。元に戻すことはできません。すでに入場しているゲストはそのまま残ります。
        </p>
      </ConfirmDialog>
    </section>
  );
}

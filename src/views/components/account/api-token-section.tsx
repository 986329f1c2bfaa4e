import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/time-zone';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmDialog } from '../confirm-dialog';
import { Notice } from '../form/notice';
import '../form/form.css';
import { SectionOutcome, useSectionOutcome } from '../membership/section-outcome';
import { QueryState } from '../query-state';
import {
  accountMutations,
  accountQueries,
  invalidateApiToken,
} from '../../../services/api/account-queries';

const ZONE = 'Asia/Tokyo';

/**
 * 公開APIトークン on the account page (docs/product.md, "Public API token"): issue one, shown in
 * full only right after it is issued; reissue (the old one stops working) or revoke it.
 */
export function ApiTokenSection() {
  const api = useApi();
  const queryClient = useQueryClient();
  const status = useQuery(accountQueries.apiToken(useQueryApi()));
  const [issued, setIssued] = useState<string | null>(null);
  const [asking, setAsking] = useState<'reissue' | 'revoke' | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useSectionOutcome(() => void invalidateApiToken(queryClient));

  const issue = async () => {
    setBusy(true);
    const outcome = await request(() => accountMutations.createApiToken(api));
    setBusy(false);
    setAsking(null);
    if (outcome.ok) setIssued(outcome.data.token);
    feedback.settle(outcome, 'APIトークンを発行しました。');
  };

  const revoke = async () => {
    setBusy(true);
    const outcome = await request(() => accountMutations.revokeApiToken(api));
    setBusy(false);
    setAsking(null);
    if (outcome.ok) setIssued(null);
    feedback.settle(outcome, 'APIトークンを無効にしました。');
  };

  return (
    <section className="form-section" aria-labelledby="account-api-token">
      <h2 id="account-api-token">公開APIトークン</h2>
      <p>外部のシステムから Worlds の公開APIを呼ぶときに使います。1アカウントに1つです。</p>
      <SectionOutcome outcome={feedback} />
      {issued && (
        <Notice>
          <p>
            このトークンは今だけ表示されます。この画面を離れると二度と表示できないので、安全な場所に保管してください。
          </p>
          <div className="field">
            <label className="field-label" htmlFor="issued-api-token">
              発行したトークン
            </label>
            <input
              id="issued-api-token"
              className="field-control"
              readOnly
              value={issued}
              onFocus={(event) => event.target.select()}
            />
          </div>
        </Notice>
      )}
      <QueryState query={status} what="APIトークン">
        {(token) =>
          token.hasToken ? (
            <>
              <dl className="definition-list">
                <dt>トークン</dt>
                <dd>{token.tokenPrefix}…</dd>
                <dt>発行日時</dt>
                <dd>{token.createdAt ? formatDateTime(token.createdAt, ZONE) : '—'}</dd>
                <dt>最後に使われた日時</dt>
                <dd>
                  {token.lastUsedAt
                    ? formatDateTime(token.lastUsedAt, ZONE)
                    : 'まだ使われていません'}
                </dd>
              </dl>
              <div className="button-row">
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => setAsking('reissue')}
                >
                  再発行する
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  disabled={busy}
                  onClick={() => setAsking('revoke')}
                >
                  無効にする
                </button>
              </div>
            </>
          ) : (
            <>
              <p className="list-empty">APIトークンはまだありません。</p>
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={() => void issue()}
              >
                APIトークンを発行する
              </button>
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === 'revoke' ? 'APIトークンを無効にしますか？' : 'APIトークンを再発行しますか？'
        }
        confirmLabel={asking === 'revoke' ? '無効にする' : '再発行する'}
        busyLabel={asking === 'revoke' ? '無効にしています…' : '発行しています…'}
        busy={busy}
        onConfirm={() => void (asking === 'revoke' ? revoke() : issue())}
        onCancel={() => setAsking(null)}
      >
        <p>今のトークンはすぐに使えなくなります。これを使っている連携は止まります。</p>
      </ConfirmDialog>
    </section>
  );
}

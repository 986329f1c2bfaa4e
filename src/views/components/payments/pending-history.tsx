import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  invalidatePendingPayments,
  paymentMutations,
  paymentQueries,
} from '../../../services/api/payments-queries';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmAction } from '../confirm-action';
import { PendingPayments } from './pending-payments';

/**
 * /mypage/payments: the payer's payments awaiting authentication, and コンビニ払い vouchers
 * awaiting the store (shown with their numbers until paid or expired), in every world.
 */
export function PendingHistorySection() {
  const api = useApi();
  const queryClient = useQueryClient();
  // Asked again on every visit: one left in another tab must show.
  const pending = useQuery({ ...paymentQueries.pending(useQueryApi()), staleTime: 0 });
  const list = (kind: 'card' | 'konbini') => (
    <PendingPayments
      kind={kind}
      items={pending.data?.items ?? []}
      timezone="Asia/Tokyo"
      showWorld
      actions={(payment) => (
        <>
          {kind === 'card' && (
            <Link className="small-button" to={`/mypage/worlds/${payment.worldId}/payment`}>
              認証を続ける
            </Link>
          )}
          <ConfirmAction
            triggerLabel="取り消す"
            question="このお支払いを取り消しますか？確保している日時はすぐに解除されます。"
            confirmLabel="取り消す"
            busyLabel="取り消しています…"
            failureTitle="お支払いを取り消せませんでした。"
            onConfirm={async () => {
              const outcome = await request(() => paymentMutations.cancelPending(api, payment.id));
              if (!outcome.ok) return outcome.errors;
              await invalidatePendingPayments(queryClient);
            }}
          />
        </>
      )}
    />
  );
  return (
    <>
      {list('card')}
      {list('konbini')}
    </>
  );
}

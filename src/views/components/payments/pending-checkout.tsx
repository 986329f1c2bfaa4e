import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { TimeZoneName } from '../../../domain/time-zone';
import type { checkoutMachine } from '../../../machines/checkout.machine';
import { canActOnPending } from '../../../machines/checkout.selectors';
import type { CheckoutOrder } from '../../../machines/checkout.machine';
import { paymentQueries } from '../../../services/api/payments-queries';
import type { PendingPaymentSummary } from '../../../services/payments/payments-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { PendingPayments } from './pending-payments';

/** What a resumed payment pays, as the checkout confirms and verifies it. */
function orderOf(payment: PendingPaymentSummary, timezone: TimeZoneName): CheckoutOrder {
  return {
    worldId: payment.worldId,
    items: payment.dates.map((date) => ({
      worldId: payment.worldId,
      startAt: date.startAt,
      endAt: date.endAt,
      capacity: date.capacity,
      isRehearsal: false,
      eventAnnouncementId: null,
      price: date.amount,
    })),
    timezone,
    total: payment.total,
  };
}

/**
 * The payment page's pending payments of this world (card payments awaiting authentication,
 * コンビニ払い vouchers awaiting the store), resumed or cancelled through the checkout.
 */
export function PendingCheckout({
  actor,
  worldId,
  timezone,
}: {
  actor: ActorRefFrom<typeof checkoutMachine>;
  worldId: string;
  timezone: TimeZoneName;
}) {
  const pending = useQuery(paymentQueries.pending(useQueryApi(), worldId));
  const enabled = useSelector(actor, canActOnPending);
  const list = (kind: 'card' | 'konbini') => (
    <PendingPayments
      kind={kind}
      items={pending.data?.items ?? []}
      timezone={timezone}
      actions={(payment) => (
        <>
          <button
            type="button"
            className="small-button"
            disabled={!enabled}
            onClick={() =>
              actor.send({
                type: 'checkout.resumed',
                paymentId: payment.id,
                order: orderOf(payment, timezone),
                now: Date.now(),
                holdEndsAt: Date.parse(payment.holdExpiresAt),
              })
            }
          >
            {kind === 'konbini' ? '払込票を表示' : '認証を続ける'}
          </button>
          <button
            type="button"
            className="small-button danger-button"
            disabled={!enabled}
            onClick={() => actor.send({ type: 'checkout.pendingCancelled', paymentId: payment.id })}
          >
            取り消す
          </button>
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

import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '../../../machines/checkout.machine';
import { canReserveWithPlan } from '../../../machines/checkout.selectors';
import type { CheckoutOrder } from '../../../machines/checkout.machine';
import { paymentQueries } from '../../../services/api/payments-queries';
import { useQueryApi } from '../../hooks/use-api-query';

type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/**
 * 「定額プランで予約する」 beside 支払う, for a world with a plan in force (its list, the server's
 * answer, says 契約中): the cart's dates are reserved under the plan, nothing charged. The plan's
 * period and size are the server's to check; its refusal is shown with the card list.
 */
export function FixedPlanChoice({ actor, order }: { actor: CheckoutActor; order: CheckoutOrder }) {
  const plans = useQuery(paymentQueries.fixedPlans(useQueryApi(), order.worldId));
  const active = plans.data?.items.filter((p) => p.status === 'active') ?? [];
  const enabled = useSelector(actor, canReserveWithPlan(order, active.length > 0));
  if (active.length === 0) return null;
  return (
    <div className="konbini-choice">
      <p className="field-hint">
        {`定額プラン（${active.map((p) => `${p.planName}・最大${p.maxCapacity}人`).join('、')}）の契約中は、期間内の日時をお支払いなしで予約できます。`}
      </p>
      <button
        type="button"
        className="button button-secondary form-submit"
        disabled={!enabled}
        onClick={() => actor.send({ type: 'checkout.reserveWithPlan', order, hasActivePlan: true })}
      >
        定額プランで予約する
      </button>
    </div>
  );
}

import type { CheckoutEvent, CheckoutOrder } from './checkout.setup';
import { checkoutSetup, orderItems } from './checkout.setup';

// 定額プラン (docs/product.md §4, "Fixed plan and invoices"): a world with a plan in force
// reserves the cart's dates under it (createFixedPayment) instead of paying: nothing is charged,
// no card is needed, and the dates are reserved at once or refused (no plan covering them, too
// many people, the time taken meanwhile) with the reason beside the card list.

type ReserveWithPlan = Extract<CheckoutEvent, { type: 'checkout.reserveWithPlan' }>;

/** The transition into reservingWithPlan, for the states that offer it. */
export const planTransition = {
  guard: {
    type: 'canReserveWithPlan' as const,
    params: ({ event }: { event: CheckoutEvent }) => {
      const reserve = event as ReserveWithPlan;
      return { order: reserve.order, hasActivePlan: reserve.hasActivePlan };
    },
  },
  target: 'reservingWithPlan',
  actions: {
    type: 'startAttempt' as const,
    params: ({ event }: { event: CheckoutEvent }) => ({
      order: (event as ReserveWithPlan).order,
      now: 0,
      holdEndsAt: 0,
    }),
  },
};

/** The button is disabled here: one click, one reservation. */
export const reservingWithPlan = checkoutSetup.createStateConfig({
  invoke: {
    id: 'reserveWithPlan',
    src: 'reserveWithPlan',
    input: ({ context }) => {
      const order = context.order as CheckoutOrder;
      return {
        worldId: order.worldId,
        body: { items: orderItems(order), timezone: order.timezone },
      };
    },
    // Reserved: as after a payment (the cart emptied, the reserved dates shown).
    onDone: {
      target: 'succeeded',
      actions: { type: 'succeed', params: ({ event }) => ({ outcome: event.output }) },
    },
    onError: {
      target: 'choosing',
      actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
    },
  },
});

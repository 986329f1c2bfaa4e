// Reconciliation: a checkout whose charge answer was never recorded (the server stopped between
// the charge and applying its outcome) is settled against the provider by its idempotency key,
// so no money is kept without a reservation or a refund (and a date's refund that never reached the
// provider is sent again; a コンビニ払い voucher past its deadline releases its dates).
// docs/decisions/008, 036, 037.
import { and, asc, eq, isNotNull, lt, ne, or } from 'drizzle-orm';
import { formatYen } from '../../src/domain/price';
import type { Database, Db } from '../db/connect';
import { runAlone } from '../db/single-runner';
import { payments, users } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { paymentSettledMail } from '../mail/templates';
import { applyOutcome } from './apply-outcome';
import type { PaymentDeps } from './payment-deps';
import { sendPendingRefunds } from './date-cancellation';
import { expireVouchers } from './konbini';
import { paymentDateLines } from './format';
import type { PaymentRow } from './history';

const reconcileMessages = {
  notCharged: '通信が途切れたため、お支払いは行われませんでした（請求はありません）。',
} as const;

type Logger = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

/**
 * One pass: answers how many payments were settled and how many must wait for the next pass.
 * A processing payment is looked up after `afterMs`; finding no charge settles it as not charged
 * only after `notChargedAfterMs`, as Stripe's search may not list a new charge yet (ADR 008).
 */
export async function reconcilePayments(
  deps: PaymentDeps & {
    appUrl: string;
    afterMs: number;
    notChargedAfterMs: number;
    logger?: Logger;
  },
): Promise<{ settled: number; postponed: number }> {
  const cutoff = new Date(deps.now().getTime() - deps.afterMs);
  const notChargedCutoff = new Date(deps.now().getTime() - deps.notChargedAfterMs);
  const stuck = await deps.db
    .select({
      id: payments.id,
      createdAt: payments.createdAt,
      status: payments.status,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.provider, deps.provider.name),
        ne(payments.paymentType, 'fixed'),
        or(
          // Charged or not, nobody recorded the answer.
          and(eq(payments.status, 'processing'), lt(payments.createdAt, cutoff)),
          // Money owed back whose refund an outage or a crash interrupted.
          and(
            eq(payments.status, 'failed'),
            isNotNull(payments.cancelledAt),
            isNotNull(payments.providerPaymentId),
          ),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(100);
  let settled = 0;
  let postponed = 0;
  for (const payment of stuck) {
    try {
      if (payment.status === 'processing') {
        // Never charge again here: the payer left long ago. Only what was charged is settled.
        const found = await deps.provider.findCharge(payment.id);
        if (!found && payment.createdAt >= notChargedCutoff) {
          postponed += 1;
          continue;
        }
        const outcome = found ?? {
          status: 'failed' as const,
          providerPaymentId: null,
          message: reconcileMessages.notCharged,
        };
        await applyOutcome(deps, payment.id, outcome, (tx, row) => tellPayer(deps, tx, row));
      } else {
        await applyOutcome(
          deps,
          payment.id,
          await deps.provider.retrieve(payment.providerPaymentId!),
        );
      }
      settled += 1;
    } catch (err) {
      // The provider is unreachable or the charge is still pending: the next pass tries again.
      postponed += 1;
      deps.logger?.error({ err, paymentId: payment.id }, 'payment reconciliation postponed');
    }
  }
  try {
    settled += await expireVouchers(deps);
  } catch (err) {
    postponed += 1;
    deps.logger?.error({ err }, 'expiring konbini vouchers postponed');
  }
  try {
    settled += await sendPendingRefunds(deps, cutoff);
  } catch (err) {
    postponed += 1;
    deps.logger?.error({ err }, 'refunds of cancelled dates postponed');
  }
  if (settled + postponed > 0) deps.logger?.info({ settled, postponed }, 'payments reconciled');
  return { settled, postponed };
}

/**
 * A pass unless another process is running one (server/db/single-runner.ts): of several
 * processes on one database, one settles a payment, never two. Undefined when skipped.
 */
export function reconcileAlone(
  database: Pick<Database, 'db' | 'kind'>,
  deps: Parameters<typeof reconcilePayments>[0],
) {
  return runAlone(database, 'payment reconciliation', () => reconcilePayments(deps));
}

/** The payer left without an answer: the mail says how it ended (in the settling transaction). */
async function tellPayer(deps: { appUrl: string }, tx: Db, row: PaymentRow) {
  if (row.status === 'requires_action') return;
  const [payer] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!payer) return;
  await enqueueMail(tx, {
    to: payer.email,
    ...paymentSettledMail({
      appUrl: deps.appUrl,
      worldName: row.worldName,
      amount: formatYen(row.total),
      dates: await paymentDateLines(tx, row.id),
      result: row.status === 'succeeded' ? 'reserved' : row.cancelledAt ? 'refunded' : 'notCharged',
    }),
  });
}

/** Runs a pass at start-up, then every intervalMs; stop() waits for the pass in progress. */
export function startReconciliation(
  deps: Parameters<typeof reconcilePayments>[0] & {
    database: Pick<Database, 'db' | 'kind'>;
    intervalMs: number;
    mailWritten: () => void;
  },
) {
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = running
      .then(() => reconcileAlone(deps.database, deps))
      .then((done) => done && done.settled > 0 && deps.mailWritten())
      .catch((err: unknown) => deps.logger?.error({ err }, 'payment reconciliation failed'));
  };
  pass();
  const timer = setInterval(pass, deps.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

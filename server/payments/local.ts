// The local payment provider: a real card processor on this machine, for development, tests and
// single-machine installs. Test card numbers choose what happens (see `testCards`); charges,
// refunds and receipts are recorded in its own tables (local_*), receipts are served by the app.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { tokyoDateStamp } from '../../src/domain/receipt';
import type { Db } from '../db/connect';
import { localCards, localCustomers, localPayments } from '../db/schema';
import { RuleError } from '../http/errors';
import { PaymentRefusal } from './errors';
import { expireLocalVoucher, issueLocalVoucher, payLocalVoucher } from './local-konbini';
import { refundLocalPart } from './local-refunds';
import type { CardDetails, ChargeOutcome, ChargeRequest, PaymentProvider } from './provider';

type Behaviour = (typeof localCards.$inferSelect)['behaviour'];

/** The numbers that do something other than succeed; any other valid number succeeds. */
export const testCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002760003184',
  insufficientFunds: '4000000000009995',
} as const;

const behaviours: Record<string, Behaviour> = {
  [testCards.declined]: 'decline',
  [testCards.authentication]: 'authenticate',
  [testCards.insufficientFunds]: 'insufficient_funds',
};

export const localMessages = {
  invalidNumber: 'カード番号が正しくありません。入力内容をご確認ください。',
  expired: 'カードの有効期限が切れています。別のカードをお試しください。',
  declined: 'カードが拒否されました。別のカードをお試しください。',
  insufficientFunds: 'カードの残高が不足しています。別のカードをお試しください。',
  authenticationFailed:
    'カードの本人認証に失敗しました。もう一度お試しいただくか、別のカードをお試しください。',
  unknownCard: 'カードが見つかりません。もう一度カードを登録してください。',
  cardInUse: 'このカードはすでに登録されています。',
  paymentNotFound: '決済が見つかりません。',
  notAwaitingAuthentication: 'この決済は本人認証を待っていません。',
  authenticated: '本人認証が完了しました。',
  rejected: '本人認証を拒否しました。',
  cancelled: 'お支払いは取り消されました。',
} as const;

export type CardBrand = CardDetails['brand'];

export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^35/.test(number)) return 'jcb';
  if (/^3[068]/.test(number)) return 'diners';
  if (/^62/.test(number)) return 'unionpay';
  if (/^6(011|5|4[4-9])/.test(number)) return 'discover';
  return 'unknown';
}

export function luhnValid(number: string): boolean {
  if (!/^[0-9]{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`;

type LocalReceipt = {
  receiptNumber: string;
  amount: number;
  paidAt: Date;
  description: string;
  worldName: string;
  brand: string;
  last4: string | null;
  refundedAt: Date | null;
};

export type LocalPaymentProvider = PaymentProvider & {
  readonly name: 'local';
  /** Plays Stripe.js's part: the number stays here and a token goes back. */
  tokenize(card: {
    number: string;
    expMonth: number;
    expYear: number;
    cvc: string;
  }): Promise<CardDetails & { token: string }>;
  /** The issuer's authentication page: only the payer (the customer's user) answers. */
  authenticate(
    providerPaymentId: string,
    userId: string,
    result: 'approve' | 'reject',
  ): Promise<string>;
  receipt(receiptId: string): Promise<LocalReceipt | null>;
  /** Development (the outbox page): the store is paid, or the voucher's deadline passes now. */
  payVoucher(providerPaymentId: string): Promise<void>;
  expireVoucher(providerPaymentId: string): Promise<void>;
};

/** The local provider over the product's database (its own tables; its own transactions). */
export function createLocalProvider(options: {
  db: Db;
  appUrl: string;
  now: () => Date;
}): LocalPaymentProvider {
  const { db, appUrl, now } = options;
  const receiptUrl = (receiptId: string) => `${appUrl}/receipts/${receiptId}`;

  type Row = Pick<
    typeof localPayments.$inferSelect,
    'id' | 'status' | 'receiptId' | 'failureMessage' | 'refundedAt'
  > &
    Partial<
      Pick<
        typeof localPayments.$inferSelect,
        'method' | 'konbiniNumber' | 'konbiniConfirmation' | 'expiresAt'
      >
    >;
  function outcome(row: Row): ChargeOutcome {
    if (row.method === 'konbini' && row.status === 'requires_action')
      return {
        status: 'awaiting_payment',
        providerPaymentId: row.id,
        clientSecret: row.id,
        voucher: {
          paymentNumber: row.konbiniNumber!,
          confirmationNumber: row.konbiniConfirmation!,
          expiresAt: row.expiresAt!,
          url: null,
        },
      };
    if (row.status === 'succeeded' && row.refundedAt)
      return { status: 'refunded', providerPaymentId: row.id };
    if (row.status === 'succeeded')
      return {
        status: 'succeeded',
        providerPaymentId: row.id,
        receiptUrl: receiptUrl(row.receiptId),
      };
    if (row.status === 'requires_action')
      return { status: 'requires_action', providerPaymentId: row.id, clientSecret: row.id };
    return {
      status: 'failed',
      providerPaymentId: row.id,
      message: row.failureMessage ?? localMessages.declined,
    };
  }

  return {
    name: 'local',
    publishableKey: null,

    async ensureCustomer(user) {
      if (user.customerId) {
        const [existing] = await db
          .select({ id: localCustomers.id })
          .from(localCustomers)
          .where(eq(localCustomers.id, user.customerId));
        if (existing) return existing.id;
      }
      const id = randomId('lcus');
      await db
        .insert(localCustomers)
        .values({ id, userId: user.id, email: user.email, name: user.name, createdAt: now() });
      return id;
    },

    async createSetup() {
      return null;
    },

    async tokenize(card) {
      const number = card.number.replace(/ /g, '');
      if (!luhnValid(number)) throw new PaymentRefusal(localMessages.invalidNumber);
      const today = now();
      // A card is valid through the last day of its expiry month.
      if (
        card.expYear < today.getUTCFullYear() ||
        (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)
      ) {
        throw new PaymentRefusal(localMessages.expired);
      }
      const token = randomId('tok_local');
      const details = {
        brand: cardBrand(number),
        last4: number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
      await db.insert(localCards).values({
        token,
        ...details,
        behaviour: behaviours[number] ?? 'succeed',
        createdAt: today,
      });
      return { token, providerPaymentMethodId: token, ...details };
    },

    async attachCard(customerId, providerToken) {
      const [card] = await db
        .update(localCards)
        .set({ customerId })
        .where(
          and(
            eq(localCards.token, providerToken),
            isNull(localCards.customerId),
            isNull(localCards.detachedAt),
          ),
        )
        .returning();
      if (!card) {
        const [other] = await db
          .select({ customerId: localCards.customerId })
          .from(localCards)
          .where(eq(localCards.token, providerToken));
        throw new PaymentRefusal(
          other?.customerId === customerId ? localMessages.cardInUse : localMessages.unknownCard,
        );
      }
      return {
        providerPaymentMethodId: card.token,
        brand: card.brand as CardBrand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
    },

    async detachCard(providerPaymentMethodId) {
      await db
        .update(localCards)
        .set({ detachedAt: now() })
        .where(eq(localCards.token, providerPaymentMethodId));
    },

    async charge(request: ChargeRequest) {
      if (!Number.isInteger(request.amountYen) || request.amountYen < 1)
        throw new Error(`invalid amount ${request.amountYen}`);
      const at = now();
      // Dated in Japan: a payment at 06:16 on the 24th there is the 23rd in UTC (docs/receipts.md).
      const receiptNumber = `${tokyoDateStamp(at)}-${randomBytes(4).toString('hex').toUpperCase()}`;
      // One round trip (checkout's budget, issue 13): the card's behaviour decides the outcome
      // inside the insert. The same key twice (a retry, or two at once): the insert yields to
      // the first row, which both answer.
      const inserted = (await db.execute(sql`
        insert into ${localPayments} (id, idempotency_key, customer_id, card_token, amount, status,
          failure_message, receipt_id, receipt_number, description, metadata, created_at, updated_at)
        select ${randomUUID()}, ${request.idempotencyKey}, c.customer_id, c.token,
          ${request.amountYen}::integer,
          case c.behaviour when 'succeed' then 'succeeded'
            when 'authenticate' then 'requires_action' else 'failed' end,
          case c.behaviour when 'decline' then ${localMessages.declined}
            when 'insufficient_funds' then ${localMessages.insufficientFunds} end,
          ${randomBytes(16).toString('base64url')}, ${receiptNumber}, ${request.description},
          ${JSON.stringify(request.metadata)}, ${at}::timestamptz, ${at}::timestamptz
        from ${localCards} c
        where c.token = ${request.providerPaymentMethodId} and c.customer_id = ${request.customerId}
          and c.detached_at is null
        on conflict (idempotency_key) do nothing
        returning id, status, receipt_id, failure_message`)) as unknown as {
        rows: {
          id: string;
          status: 'succeeded' | 'requires_action' | 'failed';
          receipt_id: string;
          failure_message: string | null;
        }[];
      };
      const [fresh] = inserted.rows;
      if (fresh)
        return outcome({
          id: fresh.id,
          status: fresh.status,
          receiptId: fresh.receipt_id,
          failureMessage: fresh.failure_message,
          refundedAt: null,
        });
      const [seen] = await db
        .select()
        .from(localPayments)
        .where(eq(localPayments.idempotencyKey, request.idempotencyKey));
      if (seen) return outcome(seen);
      return { status: 'failed', providerPaymentId: null, message: localMessages.unknownCard };
    },

    async issueVoucher(request) {
      return outcome(await issueLocalVoucher(db, request, now()));
    },

    async payVoucher(providerPaymentId) {
      await payLocalVoucher(db, providerPaymentId, now());
    },

    async expireVoucher(providerPaymentId) {
      await expireLocalVoucher(db, providerPaymentId, now());
    },

    async retrieve(providerPaymentId) {
      const [row] = await db
        .select()
        .from(localPayments)
        .where(eq(localPayments.id, providerPaymentId));
      if (!row) throw new Error(`local payment ${providerPaymentId} not found`);
      return outcome(row);
    },

    async cancel(providerPaymentId) {
      await db
        .update(localPayments)
        .set({ status: 'failed', failureMessage: localMessages.cancelled, updatedAt: now() })
        .where(
          and(eq(localPayments.id, providerPaymentId), eq(localPayments.status, 'requires_action')),
        );
      return this.retrieve(providerPaymentId);
    },

    async findCharge(idempotencyKey) {
      const [row] = await db
        .select()
        .from(localPayments)
        .where(eq(localPayments.idempotencyKey, idempotencyKey));
      return row ? outcome(row) : null;
    },

    async refund(providerPaymentId, part) {
      const [row] = await db
        .select()
        .from(localPayments)
        .where(eq(localPayments.id, providerPaymentId));
      if (!row || row.status !== 'succeeded')
        throw new Error(`local payment ${providerPaymentId} cannot be refunded`);
      if (row.refundedAt) return; // refunding twice is a no-op
      if (part) return refundLocalPart(db, row, part, now());
      await db
        .update(localPayments)
        .set({ refundedAt: now() })
        .where(and(eq(localPayments.id, providerPaymentId), isNull(localPayments.refundedAt)));
    },

    async authenticate(providerPaymentId, userId, result) {
      const [row] = await db
        .select({ payment: localPayments, userId: localCustomers.userId })
        .from(localPayments)
        .innerJoin(localCustomers, eq(localCustomers.id, localPayments.customerId))
        .where(eq(localPayments.id, providerPaymentId));
      if (!row || row.userId !== userId)
        throw new RuleError('notFound', localMessages.paymentNotFound);
      const approved = result === 'approve';
      const [updated] = await db
        .update(localPayments)
        .set({
          status: approved ? 'succeeded' : 'failed',
          failureMessage: approved ? null : localMessages.authenticationFailed,
          updatedAt: now(),
        })
        .where(
          and(eq(localPayments.id, providerPaymentId), eq(localPayments.status, 'requires_action')),
        )
        .returning({ id: localPayments.id });
      if (!updated) throw new RuleError('invalid', localMessages.notAwaitingAuthentication);
      return approved ? localMessages.authenticated : localMessages.rejected;
    },

    async receipt(receiptId) {
      const [row] = await db
        .select({ payment: localPayments, card: localCards })
        .from(localPayments)
        .leftJoin(localCards, eq(localCards.token, localPayments.cardToken))
        .where(and(eq(localPayments.receiptId, receiptId), eq(localPayments.status, 'succeeded')));
      if (!row) return null;
      const metadata = JSON.parse(row.payment.metadata) as Record<string, string>;
      return {
        receiptNumber: row.payment.receiptNumber,
        amount: row.payment.amount,
        paidAt: row.payment.updatedAt,
        description: row.payment.description,
        worldName: metadata.worldName ?? '',
        // A voucher paid at a store has no card: cardLabel names the method.
        brand: row.card?.brand ?? row.payment.method,
        last4: row.card?.last4 ?? null,
        refundedAt: row.payment.refundedAt,
      };
    },
  };
}

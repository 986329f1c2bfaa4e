// Checkout's database steps, each in as few round trips as it can be (issue 13: at most 8 per
// checkout request, auth included): `holdDates` is one transaction of two statements (the world
// lock that also reads the card and the payer, then one statement that releases expired holds,
// checks the overlap and inserts the payment and its held dates), `reserveHeld` one statement.
// The rules are those of docs/decisions/008; applyOutcome (apply-outcome.ts) remains the general step.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { holdUntil, type CalendarDateRow } from '../calendar/calendar';
import {
  calendarMessages,
  clashQuery,
  expiredHoldsRelease,
  isLive,
  type Slot,
} from '../calendar/rules';
import type { Db } from '../db/connect';
import { calendarDates, paymentMethods, payments, users, worlds } from '../db/schema';
import { assertAnnouncementsOfWorld } from '../events/announcements';
import { RuleError } from '../http/errors';
import type { PaymentRow } from './history';
import type { PaymentProvider } from './provider';
import { worldNotFoundMessage } from '../db/world-locks';

export type Held = {
  payment: PaymentRow;
  dates: CalendarDateRow[];
  worldName: string;
  userName: string;
  userEmail: string;
  customerId: string;
  providerPaymentMethodId: string;
};

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Transaction 1 of checkout. Answers null when the payer has no customer at this provider yet
 * (the first payment): the caller creates it outside any transaction and holds again.
 */
export async function holdDates(
  db: Db,
  provider: PaymentProvider['name'],
  input: {
    worldId: string;
    userId: string;
    /** The saved card; null for a コンビニ払い voucher (paymentType konbini). */
    paymentMethodId: string | null;
    slots: Slot[];
    total: number;
    now: Date;
    /** Until when the dates are held: 15 minutes (ADR 008), or a voucher's deadline. */
    holdExpiresAt?: Date;
  },
  cardNotFound: string,
): Promise<Held | null> {
  const { worldId, userId, slots, total, now, paymentMethodId } = input;
  const paymentType = paymentMethodId === null ? 'konbini' : 'card';
  return db.transaction(async (tx) => {
    // The world lock (lockWorld, server/db/world-locks.ts), reading the card and the payer in the same round trip.
    const [found] = await tx
      .select({
        worldName: worlds.name,
        method: paymentMethods,
        userName: users.name,
        userEmail: users.email,
        customerId: users.paymentCustomerId,
        customerProvider: users.paymentCustomerProvider,
      })
      .from(worlds)
      .leftJoin(
        paymentMethods,
        and(
          paymentMethodId === null ? sql`false` : eq(paymentMethods.id, paymentMethodId),
          eq(paymentMethods.userId, userId),
          isNull(paymentMethods.deletedAt),
        ),
      )
      .leftJoin(users, eq(users.id, userId))
      .where(eq(worlds.id, worldId))
      .for('update', { of: worlds });
    if (!found) throw new RuleError('notFound', worldNotFoundMessage);
    const { method } = found;
    if (paymentType === 'card' && (!method || method.provider !== provider))
      throw new RuleError('invalid', cardNotFound);
    if (found.customerProvider !== provider || !found.customerId) return null;
    await assertAnnouncementsOfWorld(
      tx,
      worldId,
      slots.map((s) => s.eventAnnouncementId),
    );

    const payment: PaymentRow = {
      id: randomUUID(),
      worldId,
      userId,
      paymentType,
      status: 'processing',
      total,
      provider,
      providerPaymentId: null,
      paymentMethodId: method?.id ?? null,
      cardLast4: method?.last4 ?? null,
      receiptUrl: null,
      worldName: found.worldName,
      failureMessage: null,
      cancelledAt: null,
      voucherNumber: null,
      voucherConfirmation: null,
      voucherExpiresAt: null,
      voucherUrl: null,
      createdAt: now,
      updatedAt: now,
    };
    const dates: CalendarDateRow[] = slots.map((slot) => ({
      id: randomUUID(),
      worldId,
      ...slot,
      status: 'pending',
      holdExpiresAt: input.holdExpiresAt ?? holdUntil(now),
      paymentId: payment.id,
      paidByFixed: false,
      createdAt: now,
      updatedAt: now,
    }));
    const values = dates.map(
      (d) =>
        sql`(${d.id}::uuid, ${worldId}::uuid, ${d.startAt}::timestamptz, ${d.endAt}::timestamptz,
          ${d.capacity}::integer, ${d.isRehearsal}::boolean, 'pending', ${d.holdExpiresAt}::timestamptz,
          ${payment.id}::uuid, ${d.eventAnnouncementId}::uuid, ${now}::timestamptz, ${now}::timestamptz)`,
    );
    // Expired holds block nothing (the clash ignores them); releasing them only keeps the stored
    // status true. The inserts happen only when nothing clashes.
    const [result] = rows<{ clash: boolean }>(
      await tx.execute(sql`
        with released as (${expiredHoldsRelease(tx, worldId, now).getSQL()}),
        clash as (${clashQuery(tx, worldId, slots, now).getSQL()}),
        payment as (
          insert into ${payments} (id, world_id, user_id, payment_type, status, total, provider,
            payment_method_id, card_last4, world_name, created_at, updated_at)
          select ${payment.id}::uuid, ${worldId}::uuid, ${userId}::uuid, ${paymentType}, 'processing',
            ${total}::integer, ${provider}, ${payment.paymentMethodId}::uuid, ${payment.cardLast4},
            ${found.worldName},
            ${now}::timestamptz, ${now}::timestamptz
          where not exists (select 1 from clash)
          returning id),
        held as (
          insert into ${calendarDates} (id, world_id, start_at, end_at, capacity, is_rehearsal,
            status, hold_expires_at, payment_id, event_announcement_id, created_at, updated_at)
          select v.* from (values ${sql.join(values, sql`, `)}) as v
          where exists (select 1 from payment)
          returning id)
        select exists (select 1 from clash) as clash, (select count(*) from released) as released`),
    );
    if (result!.clash)
      throw new RuleError('conflict', await clashMessage(tx, { worldId, userId, slots, now }));
    return {
      payment,
      dates,
      worldName: found.worldName,
      userName: found.userName ?? '',
      userEmail: found.userEmail ?? '',
      customerId: found.customerId,
      providerPaymentMethodId: method?.providerPaymentMethodId ?? '',
    };
  });
}

/** The payer's own payment awaiting authentication holds the time: not someone else's reservation. */
export const ownHoldMessage =
  'この日時は、認証が済んでいないあなたのお支払いで確保中です。お支払い手続きの「認証を続ける」で支払うか、「取り消す」で解除してください。';

/** The payer's own コンビニ払い voucher holds the time (ADR 037). */
export const ownVoucherMessage =
  'この日時は、支払い待ちのあなたのコンビニ払いで確保中です。払込票の支払期限までにお支払いいただくか、「支払い待ちのコンビニ払い」の「取り消す」で解除してください。';

/**
 * Why the slots clash: someone else's live date, or only the payer's own payment awaiting them
 * (a card's authentication, or a コンビニ払い voucher).
 */
async function clashMessage(
  tx: Db,
  input: { worldId: string; userId: string; slots: Slot[]; now: Date },
): Promise<string> {
  const overlaps = or(
    ...input.slots.map((s) =>
      and(lt(calendarDates.startAt, s.endAt), gt(calendarDates.endAt, s.startAt)),
    ),
  )!;
  const own = and(
    eq(calendarDates.status, 'pending'),
    eq(payments.userId, input.userId),
    // Awaiting the payer's authentication; a payment still being charged is not yet theirs to resume.
    eq(payments.status, 'requires_action'),
  )!;
  const clashes = await tx
    .select({ own: sql<boolean>`coalesce(${own}, false)`, paymentType: payments.paymentType })
    .from(calendarDates)
    .leftJoin(payments, eq(payments.id, calendarDates.paymentId))
    .where(and(eq(calendarDates.worldId, input.worldId), isLive(input.now), overlaps));
  if (clashes.some((c) => !c.own)) return calendarMessages.overlap;
  return clashes.some((c) => c.paymentType === 'konbini') ? ownVoucherMessage : ownHoldMessage;
}

/**
 * A succeeded charge of a payment whose dates are all still held: payment succeeded and dates
 * reserved in one statement, without the world lock. Safe because every other writer of a held
 * payment's dates (cancelling, applyOutcome) locks the payment row first and this statement
 * changes nothing once the row is no longer processing; expired-hold release touches only
 * expired holds, and this statement reserves only unexpired ones. Answers null when that does not
 * hold (a hold lapsed, the owner released the dates): the caller applies the outcome in full.
 */
export async function reserveHeld(
  db: Db,
  held: Held,
  outcome: { providerPaymentId: string; receiptUrl: string | null },
  now: Date,
): Promise<Held | null> {
  const id = held.payment.id;
  const [result] = rows<{ reserved: number }>(
    await db.execute(sql`
      with paid as (
        update ${payments} set status = 'succeeded', provider_payment_id = ${outcome.providerPaymentId},
          receipt_url = ${outcome.receiptUrl}, failure_message = null, updated_at = ${now}::timestamptz
        where id = ${id}::uuid and status = 'processing' and not exists (
          select 1 from ${calendarDates} where payment_id = ${id}::uuid
            and not (status = 'pending' and hold_expires_at > ${now}::timestamptz))
        returning id),
      reserved as (
        update ${calendarDates} set status = 'reserved', hold_expires_at = null,
          updated_at = ${now}::timestamptz
        where payment_id in (select id from paid) and status = 'pending'
        returning id)
      select count(*)::integer as reserved from reserved`),
  );
  if (result!.reserved !== held.dates.length) return null;
  return {
    ...held,
    payment: {
      ...held.payment,
      status: 'succeeded',
      providerPaymentId: outcome.providerPaymentId,
      receiptUrl: outcome.receiptUrl,
      updatedAt: now,
    },
    dates: held.dates.map((d) => ({
      ...d,
      status: 'reserved',
      holdExpiresAt: null,
      updatedAt: now,
    })),
  };
}

import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { asc, eq } from 'drizzle-orm';
import { assertFree, checkCart, releaseExpiredHolds, type SlotInput } from '../calendar/rules';
import type { Db } from '../db/connect';
import { calendarDates, fixedPlans, payments } from '../db/schema';
import { RuleError } from '../http/errors';
import { paymentResult } from './checkout';
import { assertAnnouncementsOfWorld } from '../events/announcements';
import { lockWorld } from '../db/world-locks';

export const fixedMessages = {
  noPlan: 'このワールドには有効な固定プランがありません。カードでお支払いください。',
  outsidePlan:
    '固定プランの期間外の日時が含まれています。期間内の日時を選ぶか、カードでお支払いください。',
  overCapacity: (max: number) => `固定プランで予約できる定員は${max}人までです。`,
} as const;

type PlanRow = typeof fixedPlans.$inferSelect;

/** A calendar day (YYYY-MM-DD) in Asia/Tokyo, the zone plans are written in. */
const tokyoDay = (d: Date) => format(new TZDate(d, 'Asia/Tokyo'), 'yyyy-MM-dd');

function planStatus(plan: PlanRow, now: Date): 'scheduled' | 'active' | 'ended' {
  const today = tokyoDay(now);
  if (plan.startsOn > today) return 'scheduled';
  if (plan.endsOn !== null && plan.endsOn < today) return 'ended';
  return 'active';
}

export async function listPlans(db: Db, worldId: string, now: Date) {
  const rows = await db
    .select()
    .from(fixedPlans)
    .where(eq(fixedPlans.worldId, worldId))
    .orderBy(asc(fixedPlans.startsOn));
  return {
    items: rows.map((p) => ({
      id: p.id,
      planName: p.planName,
      maxCapacity: p.maxCapacity,
      monthlyFee: p.monthlyFee,
      startsOn: p.startsOn,
      endsOn: p.endsOn,
      status: planStatus(p, now),
    })),
  };
}

/**
 * createFixedPayment: with a plan active now whose period covers every date (Tokyo days) and
 * whose capacity is enough, the dates are reserved at once (paidByFixed) with a history of
 * paymentType fixed and total 0. The same rules and world lock as a card checkout.
 */
export async function reserveWithPlan(
  db: Db,
  input: { worldId: string; userId: string; items: SlotInput[] },
  now: Date,
) {
  const { slots } = checkCart(input.items, now);
  const plans = (
    await db.select().from(fixedPlans).where(eq(fixedPlans.worldId, input.worldId))
  ).filter((p) => planStatus(p, now) === 'active');
  if (plans.length === 0) throw new RuleError('invalid', fixedMessages.noPlan);
  const covers = (p: PlanRow) =>
    slots.every(
      (s) =>
        tokyoDay(s.startAt) >= p.startsOn &&
        (p.endsOn === null || tokyoDay(new Date(s.endAt.getTime() - 1)) <= p.endsOn),
    );
  const inPeriod = plans.filter(covers);
  if (inPeriod.length === 0) throw new RuleError('invalid', fixedMessages.outsidePlan);
  const plan = inPeriod.find((p) => slots.every((s) => s.capacity <= p.maxCapacity));
  if (!plan)
    throw new RuleError(
      'invalid',
      fixedMessages.overCapacity(Math.max(...inPeriod.map((p) => p.maxCapacity))),
    );
  const paymentId = await db.transaction(async (tx) => {
    const world = await lockWorld(tx, input.worldId);
    await releaseExpiredHolds(tx, input.worldId, now);
    await assertFree(tx, input.worldId, slots, now);
    await assertAnnouncementsOfWorld(
      tx,
      input.worldId,
      slots.map((s) => s.eventAnnouncementId),
    );
    const [payment] = await tx
      .insert(payments)
      .values({
        worldId: input.worldId,
        userId: input.userId,
        paymentType: 'fixed',
        status: 'succeeded',
        total: 0,
        worldName: world.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: payments.id });
    await tx.insert(calendarDates).values(
      slots.map((slot) => ({
        worldId: input.worldId,
        ...slot,
        status: 'reserved' as const,
        paidByFixed: true,
        paymentId: payment!.id,
        createdAt: now,
        updatedAt: now,
      })),
    );
    return payment!.id;
  });
  return paymentResult(db, paymentId, now);
}

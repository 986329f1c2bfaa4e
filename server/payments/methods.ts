import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { paymentMethods, users } from '../db/schema';
import { RuleError } from '../http/errors';
import { customerFor } from './checkout';
import type { PaymentDeps } from './payment-deps';
import { PaymentRefusal } from './errors';

export const methodMessages = {
  notFound: 'カードが見つかりません。',
} as const;

type MethodRow = typeof paymentMethods.$inferSelect;

export function paymentMethodJson(m: MethodRow) {
  return {
    id: m.id,
    brand: m.brand as
      'visa' | 'mastercard' | 'amex' | 'jcb' | 'diners' | 'discover' | 'unionpay' | 'unknown',
    last4: m.last4,
    expMonth: m.expMonth,
    expYear: m.expYear,
    isDefault: m.isDefault,
    createdAt: m.createdAt.toISOString(),
  };
}

const mine = (userId: string, provider: string) =>
  and(
    eq(paymentMethods.userId, userId),
    eq(paymentMethods.provider, provider as MethodRow['provider']),
    isNull(paymentMethods.deletedAt),
  );

/** The user's saved cards with the provider in use, the default first. */
export async function listMethods(deps: PaymentDeps, userId: string) {
  const rows = await deps.db
    .select()
    .from(paymentMethods)
    .where(mine(userId, deps.provider.name))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt));
  return { items: rows.map(paymentMethodJson) };
}

export async function getMethod(deps: PaymentDeps, userId: string, id: string) {
  const [row] = await deps.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), mine(userId, deps.provider.name)));
  if (!row) throw new RuleError('notFound', methodMessages.notFound);
  return row;
}

/**
 * Saves a card tokenised in the browser: attached to the user's customer at the provider
 * (422 with the provider's message when refused). The first card, or one asked to be, is the default.
 */
export async function addMethod(
  deps: PaymentDeps,
  userId: string,
  input: { providerToken: string; isDefault?: boolean },
) {
  const customerId = await customerFor(deps, userId);
  const card = await deps.provider
    .attachCard(customerId, input.providerToken)
    .catch((err: unknown) => {
      if (err instanceof PaymentRefusal) throw new RuleError('invalid', err.message);
      throw err;
    });
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Serialises a user's card changes, so "first card" and "one default" hold under concurrency.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const existing = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(mine(userId, deps.provider.name))
      .limit(1);
    const isDefault = input.isDefault === true || existing.length === 0;
    if (isDefault)
      await tx
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(mine(userId, deps.provider.name));
    const [row] = await tx
      .insert(paymentMethods)
      .values({ userId, provider: deps.provider.name, ...card, isDefault, createdAt: now })
      .returning();
    return paymentMethodJson(row!);
  });
}

export async function makeDefault(deps: PaymentDeps, userId: string, id: string) {
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, id), mine(userId, deps.provider.name)));
    if (!row) throw new RuleError('notFound', methodMessages.notFound);
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(mine(userId, deps.provider.name));
    const [updated] = await tx
      .update(paymentMethods)
      .set({ isDefault: true })
      .where(eq(paymentMethods.id, id))
      .returning();
    return paymentMethodJson(updated!);
  });
}

/**
 * Removes a card: detached at the provider, kept here (deleted_at) for the histories that name
 * it. When the default goes, the newest remaining card becomes the default.
 */
export async function removeMethod(deps: PaymentDeps, userId: string, id: string) {
  const row = await getMethod(deps, userId, id);
  await deps.provider.detachCard(row.providerPaymentMethodId);
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx
      .update(paymentMethods)
      .set({ deletedAt: deps.now(), isDefault: false })
      .where(eq(paymentMethods.id, id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(mine(userId, deps.provider.name))
      .orderBy(desc(paymentMethods.createdAt))
      .limit(1);
    if (next)
      await tx
        .update(paymentMethods)
        .set({ isDefault: true })
        .where(eq(paymentMethods.id, next.id));
  });
}

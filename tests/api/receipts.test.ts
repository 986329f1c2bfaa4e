import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { payments, receiptAddressees, users, worldMembers } from '../../server/db/schema';
import { receiptMessages } from '../../server/payments/receipts';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';

const issuer = { name: '株式会社ワールズ', registrationNumber: 'T1234567890123' };
const t = useTestServer({
  env: {
    INVOICE_ISSUER_NAME: issuer.name,
    INVOICE_REGISTRATION_NUMBER: issuer.registrationNumber,
  },
});
const api = checkoutCalls(t);

const receiptUrl = (id: string) => `/api/mypage/payment_histories/${id}/receipt`;
const get = (headers: AuthHeaders, url: string) => t.app.inject({ method: 'GET', url, headers });
const rename = (headers: AuthHeaders, id: string, addressee: unknown) =>
  t.app.inject({ method: 'PATCH', url: receiptUrl(id), headers, payload: { addressee } });

/** An owner named 山田 太郎 who paid 90 min × 20 people and 60 min × 10 people by card. */
async function paidReceipt() {
  const owner = await api.owner();
  await t.database.db.update(users).set({ name: '山田 太郎' }).where(eq(users.id, owner.id));
  const world = await api.world(owner.headers);
  const card = await api.card(owner.headers);
  const items = [api.item(48, 60, 10), api.item(24, 90, 20)];
  const paid = await api.pay(owner.headers, world.id, card.id, items);
  expect(paid.statusCode, paid.body).toBe(201);
  return { owner, world, items, paymentId: paid.json().paymentHistory.id as string };
}

describe(`receipts as qualified invoices on ${testDbKind}`, () => {
  it('states issuer, registration number, each date with people and amount, and the 10% tax', async () => {
    const { owner, items, paymentId } = await paidReceipt();
    const res = await get(owner.headers, receiptUrl(paymentId));
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json();
    // 90 min × 20 × 110 / 60 = 3,300; 60 × 10 × 110 / 60 = 1,100; total 4,400 holds
    // floor(4,400 × 10 / 110) = 400 of tax.
    expect(receipt).toMatchObject({
      paymentId,
      status: 'paid',
      issuer,
      qualified: true,
      addressee: '山田 太郎',
      addresseeEditable: true,
      addresseeEditedAt: null,
      worldName: '夏祭り',
      cardBrand: 'visa',
      cardLast4: '4242',
      taxRate: 10,
      total: 4400,
      tax: 400,
    });
    // Earliest first, whatever the cart's order.
    expect(receipt.lines).toEqual([
      { startAt: items[1]!.startAt, endAt: items[1]!.endAt, capacity: 20, amount: 3300 },
      { startAt: items[0]!.startAt, endAt: items[0]!.endAt, capacity: 10, amount: 1100 },
    ]);
    expect(receipt.number).toMatch(/^\d{8}-[0-9A-F]{8}$/);
    expect(receipt.number.slice(9)).toBe(paymentId.slice(0, 8).toUpperCase());
  });

  it('dates the receipt number in Japan: paid at 2026/11/24 06:16 JST (21:16 UTC the 23rd)', async () => {
    const { owner, paymentId } = await paidReceipt();
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date('2026-11-23T21:16:00Z') })
      .where(eq(payments.id, paymentId));
    const receipt = (await get(owner.headers, receiptUrl(paymentId))).json();
    expect(receipt.number.slice(0, 9)).toBe('20261124-');
    expect(receipt.paidAt).toBe('2026-11-23T21:16:00.000Z');
  });

  it('lists the reserved dates of each payment in the payment history', async () => {
    const { owner, items, paymentId } = await paidReceipt();
    const history = (await get(owner.headers, '/api/mypage/payment_histories')).json();
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ id: paymentId, total: 4400 });
    expect(history.items[0].dates).toEqual([
      { startAt: items[1]!.startAt, endAt: items[1]!.endAt, capacity: 20, amount: 3300 },
      { startAt: items[0]!.startAt, endAt: items[0]!.endAt, capacity: 10, amount: 1100 },
    ]);
  });

  it('lets the payer change the addressee once, recorded with who and when; a second change is 409', async () => {
    const { owner, paymentId } = await paidReceipt();
    const blank = await rename(owner.headers, paymentId, ' \n\u3000 ');
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: [receiptMessages.addresseeRequired] });
    expect((await rename(owner.headers, paymentId, 'あ'.repeat(101))).statusCode).toBe(400);
    expect((await rename(owner.headers, paymentId, 42)).statusCode).toBe(400);

    const first = await rename(owner.headers, paymentId, '  株式会社サンプル\n経理部 ');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      addressee: '株式会社サンプル 経理部',
      addresseeEditable: false,
      addresseeEditedAt: t.clock.now().toISOString(),
    });
    const [record] = await t.database.db
      .select()
      .from(receiptAddressees)
      .where(eq(receiptAddressees.paymentId, paymentId));
    expect(record).toMatchObject({ editedBy: owner.id, addressee: '株式会社サンプル 経理部' });

    const second = await rename(owner.headers, paymentId, '別の会社');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ errors: [receiptMessages.addresseeChangedOnce] });
    const after = (await get(owner.headers, receiptUrl(paymentId))).json();
    expect(after.addressee).toBe('株式会社サンプル 経理部');
  });

  it('shows the receipt to the payer and the world’s owners only; only the payer renames', async () => {
    const { owner, world, paymentId } = await paidReceipt();
    const coOwner = await api.owner();
    const staff = await api.owner();
    const stranger = await api.owner();
    await t.database.db.insert(worldMembers).values([
      { worldId: world.id, userId: coOwner.id, role: 'owner' },
      { worldId: world.id, userId: staff.id, role: 'staff' },
    ]);
    expect((await get(coOwner.headers, receiptUrl(paymentId))).json()).toMatchObject({
      addresseeEditable: false,
      addressee: '山田 太郎',
    });
    const renamed = await rename(coOwner.headers, paymentId, '他人の会社');
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json()).toEqual({ errors: [receiptMessages.payerOnly] });
    for (const other of [staff, stranger]) {
      for (const url of [receiptUrl(paymentId), `${receiptUrl(paymentId)}_pdf`]) {
        const res = await get(other.headers, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ errors: [receiptMessages.notFound] });
      }
      expect((await rename(other.headers, paymentId, '会社')).statusCode).toBe(404);
    }
    expect((await get(owner.headers, receiptUrl(paymentId))).json().addresseeEditable).toBe(true);
    const anonymous = await t.app.inject({ method: 'GET', url: receiptUrl(paymentId) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the receipt valid when dates are cancelled (their refunds have their own documents), and marks a refunded payment', async () => {
    const { owner, world, paymentId } = await paidReceipt();
    const dates = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/calendar_dates`,
      headers: owner.headers,
    });
    for (const date of dates.json().items as { id: string; paymentHistory: { id: string } }[]) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/mypage/worlds/${world.id}/calendar_dates/${date.id}`,
        headers: owner.headers,
      });
      expect(del.statusCode, del.body).toBe(204);
    }
    expect((await get(owner.headers, receiptUrl(paymentId))).json()).toMatchObject({
      status: 'paid',
    });
    // Refunded whole at the provider (Stripe's dashboard, ADR 008).
    await t.database.db
      .update(payments)
      .set({ status: 'refunded' })
      .where(eq(payments.id, paymentId));
    const receipt = (await get(owner.headers, receiptUrl(paymentId))).json();
    expect(receipt).toMatchObject({ status: 'refunded', total: 4400, tax: 400 });
  });

  it('downloads the receipt as a PDF named after its number', async () => {
    const { owner, paymentId } = await paidReceipt();
    const { number } = (await get(owner.headers, receiptUrl(paymentId))).json();
    const res = await get(owner.headers, `${receiptUrl(paymentId)}_pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`領収書_${number}.pdf`)}`,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain('/Type /Page');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 }); // A4
  });
});

// 特定商取引法に基づく表記 from configuration (docs/configuration.md, SELLER_*): public, and what is
// not configured is null (the page says it is disclosed on request).
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/app';

describe('the seller as configured', () => {
  const t = useTestServer({
    env: {
      SELLER_NAME: '株式会社ワールズ',
      SELLER_REPRESENTATIVE: '山田 太郎',
      SELLER_PHONE: '03-1234-5678',
      CONTACT_TO: 'support@example.com',
    },
  });

  it('answers anyone, signed in or not, with the seller; unset items are null', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/legal/commerce' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      seller: '株式会社ワールズ',
      representative: '山田 太郎',
      address: null,
      phone: '03-1234-5678',
      email: 'support@example.com',
    });
  });
});

describe('the seller by default', () => {
  const t = useTestServer();

  it('names the receipts’ issuer and discloses the rest on request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/legal/commerce' });
    expect(res.json()).toEqual({
      seller: 'Worlds',
      representative: null,
      address: null,
      phone: null,
      email: null,
    });
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import createClient from 'openapi-fetch';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { paths } from '../../../services/api/schema';
import { paymentQueries } from '../../../services/api/payments-queries';
import { createQueryApi } from '../../../services/api/queries';
import { ApiClientContext } from '../../hooks/use-api';
import { FixedPlans, Invoices, planPeriod } from './plan-and-invoices';

const worldId = 'w1';

/** The section as it renders once the server has answered `data` for `key`. */
function rendered(
  element: ReactNode,
  key: (q: ReturnType<typeof createQueryApi>) => unknown[],
  data: unknown,
) {
  const client = createClient<paths>();
  const queryClient = new QueryClient();
  queryClient.setQueryData(key(createQueryApi(client)), data);
  return renderToStaticMarkup(
    <ApiClientContext.Provider value={client}>
      <QueryClientProvider client={queryClient}>{element}</QueryClientProvider>
    </ApiClientContext.Provider>,
  );
}

describe('the fixed plan and invoices of the payment page', () => {
  it('writes a plan’s period, open-ended when it has no end', () => {
    expect(planPeriod({ startsOn: '2026-12-01', endsOn: '2027-11-30' })).toBe(
      '2026/12/01〜2027/11/30',
    );
    expect(planPeriod({ startsOn: '2026-12-01', endsOn: null })).toBe('2026/12/01〜');
  });

  it('lists a plan with its state, period, monthly fee and capacity', () => {
    const html = rendered(
      <FixedPlans worldId={worldId} />,
      (q) => [...paymentQueries.fixedPlans(q, worldId).queryKey],
      {
        items: [
          {
            id: 'p1',
            planName: 'スタンダード',
            maxCapacity: 50,
            monthlyFee: 30000,
            startsOn: '2026-12-01',
            endsOn: null,
            status: 'active',
          },
        ],
      },
    );
    expect(html).toContain('スタンダード');
    expect(html).toContain('契約中');
    expect(html).toMatch(/期間 2026\/12\/01〜 ・ 月額 [￥¥]30,000 ・ 最大50人/);
  });

  it('links an invoice’s PDF once there is one, as text the addressee', () => {
    const invoice = {
      id: 'i1',
      number: 'INV-202612-0000ABCD',
      paymentHistoryId: 'h1',
      addressee: '<b>株式会社サンプル</b>',
      total: 3300,
      status: 'issued',
      issuedAt: '2026-12-01T01:00:00.000Z',
      pdfUrl: 'https://example.com/invoice.pdf',
    };
    const html = rendered(
      <Invoices worldId={worldId} timezone="Asia/Tokyo" />,
      (q) => [...paymentQueries.invoices(q, worldId, 1).queryKey],
      { items: [invoice], page: 1, perPage: 20, total: 1 },
    );
    expect(html).toContain('&lt;b&gt;株式会社サンプル&lt;/b&gt; 様');
    expect(html).toContain('発行済み（お支払い待ち）');
    expect(html).toContain('2026/12/01 10:00 発行');
    expect(html).toMatch(
      /<a href="https:\/\/example.com\/invoice.pdf"[^>]*>INV-202612-0000ABCD のPDF<\/a>/,
    );
  });
});

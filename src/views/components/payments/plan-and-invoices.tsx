import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatYen } from '../../../domain/price';
import { formatDateTime, type TimeZoneName } from '../../../domain/time-zone';
import type { components } from '../../../services/api/schema';
import { paymentQueries } from '../../../services/api/payments-queries';
import { useQueryApi } from '../../hooks/use-api-query';
import { ListState, PagedListState } from '../query-state';
import { InvoiceRequestForm } from './invoice-request-form';

type FixedPlan = components['schemas']['FixedPayment'];
type Invoice = components['schemas']['Invoice'];

const planStatusLabels: Readonly<Record<FixedPlan['status'], string>> = {
  scheduled: '開始前',
  active: '契約中',
  ended: '終了',
};

const invoiceStatusLabels: Readonly<Record<Invoice['status'], string>> = {
  issued: '発行済み（お支払い待ち）',
  paid: 'お支払い済み',
  void: '無効',
};

/** "2026/12/01〜" or "2026/12/01〜2027/11/30": a plan's period, open-ended without an end. */
export function planPeriod(plan: Pick<FixedPlan, 'startsOn' | 'endsOn'>): string {
  const day = (date: string) => date.replace(/-/g, '/');
  return `${day(plan.startsOn)}〜${plan.endsOn ? day(plan.endsOn) : ''}`;
}

/** 「定額プラン」: the world's plan contracts; with none, dates are paid one by one. */
export function FixedPlans({ worldId }: { worldId: string }) {
  const plans = useQuery(paymentQueries.fixedPlans(useQueryApi(), worldId));
  return (
    <section className="payment-section" aria-labelledby="fixed-plans-title">
      <h2 id="fixed-plans-title">定額プラン</h2>
      <ListState
        query={plans}
        what="定額プラン"
        empty="定額プランの契約はありません。日時ごとに予約してお支払いください。"
      >
        {(data) => (
          <ul className="history-list" aria-label="定額プランの契約">
            {data.items.map((plan) => (
              <li key={plan.id} className="history-item">
                <strong>{plan.planName}</strong>
                <span>{planStatusLabels[plan.status]}</span>
                <span className="history-meta">
                  {`期間 ${planPeriod(plan)} ・ 月額 ${formatYen(plan.monthlyFee)} ・ 最大${plan.maxCapacity}人`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}

/** 「請求書」: the invoices issued for the world's payments, newest first, a page at a time. */
export function Invoices({ worldId, timezone }: { worldId: string; timezone: TimeZoneName }) {
  const [page, setPage] = useState(1);
  const invoices = useQuery({
    ...paymentQueries.invoices(useQueryApi(), worldId, page),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="payment-section" aria-labelledby="invoices-title">
      <h2 id="invoices-title">請求書</h2>
      <InvoiceRequestForm worldId={worldId} timezone={timezone} />
      <PagedListState
        query={invoices}
        what="請求書"
        empty="請求書はまだありません。"
        pagerLabel="請求書のページ"
        onPage={setPage}
      >
        {(data) => (
          <ul className="history-list" aria-label="請求書">
            {data.items.map((invoice) => (
              <li key={invoice.id} className="history-item">
                <strong>{invoice.number}</strong>
                <span>{`${invoice.addressee} 様 ・ ${formatYen(invoice.total)}`}</span>
                <span>{invoiceStatusLabels[invoice.status]}</span>
                <span className="history-meta">
                  {`${formatDateTime(invoice.issuedAt, timezone)} 発行 ・ `}
                  {invoice.pdfUrl ? (
                    <a href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer">
                      {`${invoice.number} のPDF`}
                    </a>
                  ) : (
                    'PDFは準備中です。'
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedListState>
    </section>
  );
}

/** Both, as the payment page shows them after checkout. */
export function PlanAndInvoices(props: { worldId: string; timezone: TimeZoneName }) {
  return (
    <>
      <FixedPlans worldId={props.worldId} />
      <Invoices {...props} />
    </>
  );
}

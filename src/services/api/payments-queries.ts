// Payments' queries and calls by name (ADR 008, ADR 013): views take these, never an API path.
// The checkout itself goes through ../payments/payments-api.ts, from its statechart.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { invalidateGets, type GetQuery, type JsonBody, type QueryApi } from './queries';

export const paymentQueries = {
  /** Which payment provider the browser talks to (Stripe's publishable key, or none). */
  config: (queryApi: QueryApi) => queryApi.queryOptions('get', '/api/payments/config'),
  /** The seller as 特定商取引法に基づく表記 names it (public). */
  commerceDisclosure: (queryApi: QueryApi) => queryApi.queryOptions('get', '/api/legal/commerce'),
  /** The caller's payments, a page at a time. */
  history: (queryApi: QueryApi, query: GetQuery<'/api/mypage/payment_histories'>) =>
    queryApi.queryOptions('get', '/api/mypage/payment_histories', { params: { query } }),
  /** The caller's payments awaiting their authentication (of one world, or all). */
  pending: (queryApi: QueryApi, worldId?: string) =>
    queryApi.queryOptions('get', '/api/mypage/pending_payments', {
      params: { query: worldId ? { worldId } : {} },
    }),
  /** The world's fixed-price plan contracts (owner only), earliest first. */
  fixedPlans: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/fixed_payments', {
      params: { path: { world_id: worldId } },
    }),
  /** The world's invoices (owner only), newest first, a page at a time. */
  invoices: (queryApi: QueryApi, worldId: string, page: number) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/invoices', {
      params: { path: { world_id: worldId }, query: { page } },
    }),
  receipt: (queryApi: QueryApi, paymentId: string) =>
    queryApi.queryOptions('get', '/api/mypage/payment_histories/{id}/receipt', {
      params: { path: { id: paymentId } },
    }),
};

export const paymentMutations = {
  /** 「取り消す」 on the history page: the pending payment cancelled, its dates free at once. */
  cancelPending: (api: ApiClient, paymentId: string) =>
    api.DELETE('/api/mypage/pending_payments/{id}', { params: { path: { id: paymentId } } }),
  /** 「請求書の発行を依頼する」: an invoice for one of the world's paid card payments. */
  requestInvoice: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/invoices', 'post'>,
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/invoices', {
      params: { path: { world_id: worldId } },
      body,
    }),
  /** Changes whom the receipt is addressed to. */
  updateReceipt: (
    api: ApiClient,
    paymentId: string,
    body: JsonBody<'/api/mypage/payment_histories/{id}/receipt', 'patch'>,
  ) =>
    api.PATCH('/api/mypage/payment_histories/{id}/receipt', {
      params: { path: { id: paymentId } },
      body,
    }),
};

/** The pending payments are read again (one was paid or cancelled). */
export const invalidatePendingPayments = (queryClient: QueryClient) =>
  invalidateGets(queryClient, '/api/mypage/pending_payments');

/** The world's invoices are read again (one was asked for). */
export const invalidateInvoices = (queryClient: QueryClient) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/invoices');

/** The receipt as PDF bytes (a Blob), its file name in the response's headers. */
export const downloadReceiptPdf = (api: ApiClient, paymentId: string) =>
  api.GET('/api/mypage/payment_histories/{id}/receipt_pdf', {
    params: { path: { id: paymentId } },
    parseAs: 'blob',
  });

/** A refund's document (適格返還請求書) as PDF bytes, its file name in the response's headers. */
export const downloadRefundPdf = (api: ApiClient, paymentId: string, refundId: string) =>
  api.GET('/api/mypage/payment_histories/{id}/refunds/{refundId}/pdf', {
    params: { path: { id: paymentId, refundId } },
    parseAs: 'blob',
  });

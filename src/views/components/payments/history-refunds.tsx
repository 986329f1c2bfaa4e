import { formatYen } from '../../../domain/price';
import { formatDateTime, spanLabel } from '../../../domain/time-zone';
import { downloadRefundPdf } from '../../../services/api/payments-queries';
import type { components } from '../../../services/api/schema';
import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import { fileNameOf, saveBlob } from '../download';
import { ErrorSummary } from '../form/error-summary';

type DateRefund = components['schemas']['DateRefund'];

/** The refunds of a payment's cancelled dates (ADR 036), each with its document as PDF. */
export function HistoryRefunds({
  paymentId,
  refunds,
}: {
  paymentId: string;
  refunds: DateRefund[];
}) {
  const api = useApi();
  const { busy, errors, failures, run } = useAction();

  const download = async (refund: DateRefund) => {
    let disposition: string | null = null;
    const outcome = await request(async () => {
      const result = await downloadRefundPdf(api, paymentId, refund.id);
      disposition = result.response.headers.get('content-disposition');
      return result;
    });
    if (!outcome.ok) return outcome.errors;
    saveBlob(outcome.data, fileNameOf(disposition) ?? `返金_${refund.id}.pdf`);
  };

  return (
    <>
      <ErrorSummary
        messages={errors}
        focusKey={failures}
        title="PDFをダウンロードできませんでした。"
      />
      <ul className="history-dates" aria-label="返金">
        {refunds.map((r) => (
          <li key={r.id}>
            返金 {formatYen(r.amount)}（{spanLabel(r, 'Asia/Tokyo')} {r.capacity}人のキャンセル、
            {r.percent}%）
            {r.status === 'pending'
              ? '　手続き中'
              : `　${formatDateTime(r.createdAt, 'Asia/Tokyo')}`}
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-label={`${spanLabel(r, 'Asia/Tokyo')} の返金の書類（適格返還請求書）をPDFでダウンロード`}
              onClick={() => void run(() => download(r))}
            >
              返金の書類（PDF）
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

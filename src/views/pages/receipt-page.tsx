import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../domain/time-zone';
import { fileNameOf, saveBlob } from '../components/download';
import { ErrorSummary } from '../components/form/error-summary';
import { QueryState } from '../components/query-state';
import { ReceiptAddresseeForm } from '../components/payments/receipt-addressee-form';
import { ReceiptDocument } from '../components/payments/receipt-document';
import type { Receipt } from '../../services/payments/payments-api';
import { useAction } from '../hooks/use-action';
import { request, useApi } from '../hooks/use-api';
import { useQueryApi } from '../hooks/use-api-query';
import { downloadReceiptPdf, paymentQueries } from '../../services/api/payments-queries';
import '../components/payments/receipt.css';

/** /mypage/payments/:id/receipt: the receipt of a card payment, to print or download as PDF. */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const options = paymentQueries.receipt(useQueryApi(), id);
  const query = useQuery(options);
  const [changed, setChanged] = useState(false);
  const back = { to: '/mypage/payments', label: 'お支払い履歴に戻る' };

  return (
    <div className="receipt-page page">
      <p className="receipt-toolbar-back">
        <Link to={back.to}>{back.label}</Link>
      </p>
      <QueryState query={query} what="領収書" back={back}>
        {(receipt) => (
          <>
            <ReceiptActions receipt={receipt} />
            {changed && <p role="status">宛名を変更しました。</p>}
            {receipt.addresseeEditable ? (
              <ReceiptAddresseeForm
                receipt={receipt}
                onChanged={(updated) => {
                  // The change answers with the whole receipt: shown as it is.
                  queryClient.setQueryData(options.queryKey, updated);
                  setChanged(true);
                }}
              />
            ) : (
              receipt.addresseeEditedAt && (
                <p className="receipt-screen-note">
                  宛名は {formatDateTime(receipt.addresseeEditedAt, 'Asia/Tokyo')}{' '}
                  に変更されました（変更は1回だけです）。
                </p>
              )
            )}
            <ReceiptDocument receipt={receipt} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function ReceiptActions({ receipt }: { receipt: Receipt }) {
  const api = useApi();
  const { busy, errors, failures, run } = useAction();

  const download = async () => {
    let disposition: string | null = null;
    const outcome = await request(async () => {
      const result = await downloadReceiptPdf(api, receipt.paymentId);
      disposition = result.response.headers.get('content-disposition');
      return result;
    });
    if (!outcome.ok) return outcome.errors;
    saveBlob(outcome.data, fileNameOf(disposition) ?? `領収書_${receipt.number}.pdf`);
  };

  return (
    <div className="receipt-actions">
      <ErrorSummary
        messages={errors}
        focusKey={failures}
        title="PDFをダウンロードできませんでした。"
      />
      <div className="receipt-buttons">
        <button type="button" className="button" onClick={() => window.print()}>
          印刷する
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void run(download)}
        >
          {busy ? 'PDFを作成しています…' : 'PDFをダウンロード'}
        </button>
      </div>
    </div>
  );
}

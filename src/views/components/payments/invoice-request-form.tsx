import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  INVOICE_ADDRESSEE_MAX_LENGTH,
  invoiceRequestForm,
} from '../../../domain/forms/invoice-form';
import { formatYen } from '../../../domain/price';
import { formatDateTime, type TimeZoneName } from '../../../domain/time-zone';
import {
  invalidateInvoices,
  paymentMutations,
  paymentQueries,
} from '../../../services/api/payments-queries';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { useDisclosure } from '../../hooks/use-disclosure';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { Notice } from '../form/notice';
import { SelectField, TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import { QueryState } from '../query-state';

const labels = { paymentHistoryId: 'お支払い', addressee: '宛名' };

/**
 * 「請求書の発行を依頼する」 (createInvoice): one of the world's card payments that was paid and not
 * refunded, and the 宛名; the operator prepares the document and mails it (server/payments/invoices.ts).
 */
export function InvoiceRequestForm({
  worldId,
  timezone,
}: {
  worldId: string;
  timezone: TimeZoneName;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const disclosure = useDisclosure();
  const [issued, setIssued] = useState<string | null>(null);
  const form = useForm(invoiceRequestForm, { paymentHistoryId: '', addressee: '' });
  const history = useQuery({
    ...paymentQueries.history(useQueryApi(), { worldId, perPage: 100 }),
    enabled: disclosure.open,
  });

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() => paymentMutations.requestInvoice(api, worldId, body));
    if (!outcome.ok) return { errors: outcome.errors };
    form.reset({ paymentHistoryId: '', addressee: '' });
    setIssued(outcome.data.number);
    disclosure.close();
    void invalidateInvoices(queryClient);
  });

  return (
    <div className="invoice-request">
      {issued && (
        <Notice>
          <p>{`請求書 ${issued} の発行を受け付けました。担当者が作成し、メールでお送りします。`}</p>
        </Notice>
      )}
      <button type="button" className="small-button" {...disclosure.buttonProps}>
        請求書の発行を依頼する
      </button>
      {disclosure.open && (
        <QueryState query={history} what="お支払い">
          {(data) => {
            const invoiceable = data.items.filter((p) => p.paymentType === 'card' && !p.cancelled);
            if (invoiceable.length === 0)
              return (
                <p className="list-empty">
                  請求書を発行できるお支払いはありません。カードでのお支払いが完了すると選べます。
                </p>
              );
            return (
              <form className="form" noValidate onSubmit={onSubmit} aria-label="請求書の発行依頼">
                <FormErrorSummary
                  form={form}
                  labels={labels}
                  title="請求書を依頼できませんでした。"
                />
                <SelectField
                  {...form.field('paymentHistoryId')}
                  label={labels.paymentHistoryId}
                  placeholder="選んでください"
                  options={invoiceable.map((p) => ({
                    value: p.id,
                    label: `${formatDateTime(p.createdAt, timezone)} ・ ${formatYen(p.total)}`,
                  }))}
                />
                <TextField
                  {...form.field('addressee')}
                  label={labels.addressee}
                  autoComplete="organization"
                  hint={`${INVOICE_ADDRESSEE_MAX_LENGTH}文字まで。「様」は自動で付きます。`}
                />
                <SubmitButton submitting={form.submitting} busyLabel="依頼しています…">
                  発行を依頼する
                </SubmitButton>
              </form>
            );
          }}
        </QueryState>
      )}
    </div>
  );
}

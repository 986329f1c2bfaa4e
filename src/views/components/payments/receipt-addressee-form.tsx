import { receiptAddresseeForm } from '../../../domain/forms/receipt-form';
import { ADDRESSEE_MAX_LENGTH } from '../../../domain/receipt';
import type { Receipt } from '../../../services/payments/payments-api';
import { request, useApi } from '../../hooks/use-api';
import { useDisclosure } from '../../hooks/use-disclosure';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import { paymentMutations } from '../../../services/api/payments-queries';

const labels = { addressee: '宛名' };

/** The payer replaces the addressee once (updateReceiptAddressee); the server keeps who and when. */
export function ReceiptAddresseeForm({
  receipt,
  onChanged,
}: {
  receipt: Receipt;
  onChanged: (receipt: Receipt) => void;
}) {
  const api = useApi();
  const disclosure = useDisclosure();
  const form = useForm(receiptAddresseeForm, { addressee: receipt.addressee });

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() =>
      paymentMutations.updateReceipt(api, receipt.paymentId, body),
    );
    if (!outcome.ok) return { errors: outcome.errors };
    disclosure.close();
    onChanged(outcome.data);
  });

  return (
    <div className="receipt-addressee-edit">
      <button type="button" className="small-button" {...disclosure.buttonProps}>
        宛名を変更する
      </button>
      {disclosure.open && (
        <form className="form" noValidate onSubmit={onSubmit} aria-label="宛名の変更">
          <p>
            宛名は<strong>1回だけ</strong>
            変更できます。会社名など、領収書に記載する名前を入力してください。
          </p>
          <FormErrorSummary form={form} labels={labels} title="宛名を変更できませんでした。" />
          <TextField
            {...form.field('addressee')}
            label={labels.addressee}
            autoComplete="organization"
            hint={`${ADDRESSEE_MAX_LENGTH}文字まで。「様」は自動で付きます。`}
          />
          <SubmitButton submitting={form.submitting} busyLabel="変更しています…">
            この宛名にする
          </SubmitButton>
        </form>
      )}
    </div>
  );
}

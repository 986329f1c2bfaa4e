// The receipt's addressee (UpdateReceiptAddresseeRequest, openapi/schemas/mypage-account.yaml).
import { ADDRESSEE_MAX_LENGTH } from '../receipt';
import { body, requiredText } from './fields';

export const receiptAddresseeForm = body({
  addressee: requiredText(ADDRESSEE_MAX_LENGTH, { trim: true }),
});

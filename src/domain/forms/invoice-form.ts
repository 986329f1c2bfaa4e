// Asking for an invoice (CreateInvoiceRequest, openapi/schemas/mypage-worlds.yaml): which payment,
// and the 宛名 printed on it.
import { body, requiredText } from './fields';

/** An invoice's 宛名, at most this many characters (the contract's bound). */
export const INVOICE_ADDRESSEE_MAX_LENGTH = 100;

export const invoiceRequestForm = body({
  paymentHistoryId: requiredText(36),
  addressee: requiredText(INVOICE_ADDRESSEE_MAX_LENGTH, { trim: true }),
});

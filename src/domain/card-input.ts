// The local test provider's card form, checked in the browser with the bounds of the contract
// (LocalCardRequest): 12 to 19 digits (spaces allowed), month 1–12, a four-digit year, 3–4 digit CVC.
import { messages } from './validation-messages';

export interface CardFormValues {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

export type CardField = keyof CardFormValues;
export type CardCheck =
  | { ok: true; card: { number: string; expMonth: number; expYear: number; cvc: string } }
  | { ok: false; errors: Partial<Record<CardField, string[]>> };

const CARD_NUMBER_MESSAGE = 'カード番号は12〜19桁の数字で入力してください。';
const EXPIRY_MONTH_MESSAGE = '有効期限（月）は1〜12で入力してください。';
const EXPIRY_YEAR_MESSAGE = '有効期限（年）は西暦4桁で入力してください。';
const CVC_MESSAGE = 'セキュリティコードは3〜4桁の数字で入力してください。';

export function checkCardInput(values: CardFormValues): CardCheck {
  const errors: Partial<Record<CardField, string[]>> = {};
  const number = values.number.replace(/[\s-]/g, '');
  const month = Number(values.expMonth.trim());
  const year = Number(values.expYear.trim());
  const cvc = values.cvc.trim();
  if (number === '') errors.number = [messages.required()];
  else if (!/^\d{12,19}$/.test(number)) errors.number = [CARD_NUMBER_MESSAGE];
  if (values.expMonth.trim() === '') errors.expMonth = [messages.required()];
  else if (!Number.isInteger(month) || month < 1 || month > 12)
    errors.expMonth = [EXPIRY_MONTH_MESSAGE];
  if (values.expYear.trim() === '') errors.expYear = [messages.required()];
  else if (!/^\d{4}$/.test(values.expYear.trim()) || year < 2000 || year > 2100)
    errors.expYear = [EXPIRY_YEAR_MESSAGE];
  if (cvc === '') errors.cvc = [messages.required()];
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = [CVC_MESSAGE];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, card: { number, expMonth: month, expYear: year, cvc } };
}

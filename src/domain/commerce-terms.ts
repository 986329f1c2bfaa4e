// The terms of a paid reservation as the final confirmation screen (特定商取引法 第12条の6) and
// the 「特定商取引法に基づく表記」 page state them: one wording for both, from docs/product.md §4
// (Checkout) and ADR 008.

import { KONBINI_BEFORE_START_HOURS, KONBINI_DAYS } from './konbini';
import { refundPolicyWording } from './refund-policy';

/** How long a checkout holds its dates while the payer authenticates (ADR 008). */
export const HOLD_MINUTES = 15;

export const commerceTerms = {
  price:
    '日時ごとに「分数 × 人数 × 110円 ÷ 60」（1円未満切り上げ）。表示する金額はすべて消費税込みです。',
  otherCosts: 'インターネット接続の通信料はお客様のご負担です。',
  method: 'クレジットカード',
  timing:
    '「支払う」を押したときにカードで決済します。カード会社の本人認証がある場合は、認証が完了したときに決済されます。「コンビニ払いにする」を選んだ場合は、払込票の支払期限までにコンビニでお支払いください。',
  provision:
    'お支払いの完了と同時に予約が確定し、予約した各日時（開始から終了まで）に、その人数でワールドをご利用いただけます。',
  cancellation: refundPolicyWording,
  deadline: `お申し込みの期限はありません。カード会社の本人認証の間は、日時を${HOLD_MINUTES}分間あなたのために確保します。コンビニ払いでは、支払期限（${KONBINI_DAYS}日後、または最初の日時の開始${KONBINI_BEFORE_START_HOURS}時間前の早いほう）まで確保します。期限を過ぎると確保は解除されます。`,
  /** Where the seller leaves an item unset (特定商取引法 第11条 ただし書). */
  onRequest: '請求があった場合には遅滞なく開示いたします。',
} as const;

// POST /api/contact (sendContact), fields as ContactRequest in openapi/schemas/users.yaml.
import * as z from 'zod/mini';
import { messages } from '../validation-messages';
import { body, email, limits, optionalText, requiredText } from './fields';

export const contactCategories = ['general', 'billing', 'bug', 'other'] as const;
export type ContactCategory = (typeof contactCategories)[number];

/** What a person reads for each category, in the order of the select. */
export const contactCategoryLabels: Record<ContactCategory, string> = {
  general: '一般的なお問い合わせ',
  billing: 'お支払い',
  bug: '不具合の報告',
  other: 'その他',
};

export const contactForm = body({
  name: requiredText(limits.name, { trim: true }),
  email: email(),
  category: z.enum(contactCategories, {
    // Nothing chosen reads as "required"; a value outside the list names the allowed ones.
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? messages.required()
        : messages.oneOf(contactCategories),
  }),
  subject: optionalText(limits.contactSubject),
  body: requiredText(limits.contactBody),
  botToken: z.optional(requiredText(limits.botToken)),
});

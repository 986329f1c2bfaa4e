import type { Handlers } from '../openapi/handler-types';
import { accountHandlers, authHandlers } from './auth';
import { calendarHandlers } from './calendar';
import { contactHandlers } from './contact';
import { eventHandlers } from './events';
import { fileHandlers } from './files';
import { guestHandlers } from './guests';
import { stripeWebhookHandlers } from './stripe-webhook';
import { paymentHandlers } from './payments';
import { questionnaireHandlers } from './questionnaires';
import { systemHandlers } from './system';
import { userHandlers } from './users';
import { worldHandlers } from './worlds';

/** Every implemented operation by operationId; the rest of the contract answers 501. */
export const handlers: Handlers = {
  ...systemHandlers,
  ...authHandlers,
  ...accountHandlers,
  ...worldHandlers,
  ...contactHandlers,
  ...guestHandlers,
  ...stripeWebhookHandlers,
  ...paymentHandlers,
  ...calendarHandlers,
  ...questionnaireHandlers,
  ...eventHandlers,
  ...userHandlers,
  ...fileHandlers,
};

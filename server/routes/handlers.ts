import type { Handlers } from '../openapi/handler-types';
import { accountHandlers, authHandlers } from './auth';
import { calendarHandlers } from './calendar';
import { contactHandlers } from './contact';
import { guestHandlers } from './guests';
import { memberHandlers } from './members';
import { stripeWebhookHandlers } from './stripe-webhook';
import { paymentHandlers } from './payments';
import { systemHandlers } from './system';
import { worldGroupHandlers } from './world-groups';
import { worldGuestHandlers } from './world-guests';
import { worldInvitationHandlers } from './world-invitations';
import { worldHandlers } from './worlds';

/** Every implemented operation by operationId; the rest of the contract answers 501. */
export const handlers: Handlers = {
  ...systemHandlers,
  ...authHandlers,
  ...accountHandlers,
  ...worldHandlers,
  ...contactHandlers,
  ...guestHandlers,
  ...memberHandlers,
  ...worldGuestHandlers,
  ...worldInvitationHandlers,
  ...worldGroupHandlers,
  ...stripeWebhookHandlers,
  ...paymentHandlers,
  ...calendarHandlers,
};

import type { Handlers } from '../openapi/handler-types';
import { accountHandlers, authHandlers } from './auth';
import { calendarHandlers } from './calendar';
import { contactHandlers } from './contact';
import { eventHandlers } from './events';
import { fileHandlers } from './files';
import { guestHandlers } from './guests';
import { meetingHandlers } from './meetings';
import { memberHandlers } from './members';
import { paymentHandlers } from './payments';
import { questionnaireHandlers } from './questionnaires';
import { realtimeHandlers } from './realtime';
import { stripeWebhookHandlers } from './stripe-webhook';
import { systemHandlers } from './system';
import { userHandlers } from './users';
import { worldGroupHandlers } from './world-groups';
import { worldGuestHandlers } from './world-guests';
import { worldInvitationHandlers } from './world-invitations';
import { worldViewHandlers } from './world-view';
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
  ...realtimeHandlers,
  ...meetingHandlers,
  ...worldViewHandlers,
  ...questionnaireHandlers,
  ...eventHandlers,
  ...userHandlers,
  ...fileHandlers,
};

import { mergeHandlers } from '../openapi/register';
import { accountHandlers, authHandlers } from './auth';
import { calendarHandlers } from './calendar';
import { chatHandlers } from '../chat/chat.routes';
import { contactHandlers } from './contact';
import { eventHandlers } from './events';
import { fileHandlers } from './files';
import { guestHandlers } from './guests';
import { layoutHandlers } from './layouts';
import { meetingHandlers } from './meetings';
import { memberHandlers } from './members';
import { paymentHandlers } from './payments';
import { questionnaireHandlers } from './questionnaires';
import { realtimeHandlers } from './realtime';
import { recordingHandlers } from './recordings';
import { receiptHandlers } from './receipts';
import { streamingHandlers } from './streaming';
import { stripeWebhookHandlers } from './stripe-webhook';
import { systemHandlers } from './system';
import { userHandlers } from './users';
import { worldGroupHandlers } from './world-groups';
import { worldGuestHandlers } from './world-guests';
import { worldInvitationHandlers } from './world-invitations';
import { worldViewHandlers } from './world-view';
import { worldHandlers } from './worlds';

/**
 * Every implemented operation by operationId; the rest of the contract answers 501. An operation
 * handled in two groups stops the server at start (mergeHandlers).
 */
export const handlers = mergeHandlers({
  systemHandlers,
  authHandlers,
  accountHandlers,
  worldHandlers,
  contactHandlers,
  guestHandlers,
  memberHandlers,
  worldGuestHandlers,
  worldInvitationHandlers,
  worldGroupHandlers,
  stripeWebhookHandlers,
  paymentHandlers,
  receiptHandlers,
  calendarHandlers,
  realtimeHandlers,
  meetingHandlers,
  recordingHandlers,
  streamingHandlers,
  worldViewHandlers,
  questionnaireHandlers,
  eventHandlers,
  userHandlers,
  fileHandlers,
  layoutHandlers,
  chatHandlers,
});

import { mergeHandlers } from '../openapi/register';
import { accountHandlers, authHandlers } from '../auth/auth.routes';
import { calendarHandlers } from '../calendar/calendar.routes';
import { chatHandlers } from '../chat/chat.routes';
import { interactionHandlers } from '../interaction/interaction.routes';
import { contactHandlers } from '../support/contact.routes';
import { eventHandlers } from '../events/events.routes';
import { fileHandlers } from '../files/files.routes';
import { guestHandlers } from '../guests/guests.routes';
import { layoutHandlers } from '../layouts/layouts.routes';
import { listeningHandlers } from '../meetings/listening.routes';
import { meetingHandlers } from '../meetings/meetings.routes';
import { memberHandlers } from '../worlds/members.routes';
import { paymentHandlers } from '../payments/payments.routes';
import { pendingPaymentHandlers } from '../payments/pending.routes';
import { questionnaireHandlers } from '../questionnaires/questionnaires.routes';
import { realtimeHandlers } from '../realtime/realtime.routes';
import { stageHandlers } from '../stage/stage.routes';
import { recordingHandlers } from '../meetings/recordings.routes';
import { receiptHandlers } from '../payments/receipts.routes';
import { streamingHandlers } from '../meetings/streaming.routes';
import { stripeWebhookHandlers } from '../payments/stripe-webhook.routes';
import { systemHandlers } from './system.routes';
import { userHandlers } from '../users/users.routes';
import { worldGroupHandlers } from '../worlds/groups.routes';
import { worldGuestHandlers } from '../guests/world-guests.routes';
import { worldInvitationHandlers } from '../worlds/world-invitations.routes';
import { worldViewHandlers } from '../worlds/world-view.routes';
import { worldHandlers } from '../worlds/worlds.routes';
import { worldDeletionHandlers } from './world-deletion.routes';

/**
 * Every implemented operation by operationId; the rest of the contract answers 501. An operation
 * handled in two groups stops the server at start (mergeHandlers).
 */
export const handlers = mergeHandlers({
  systemHandlers,
  authHandlers,
  accountHandlers,
  worldHandlers,
  worldDeletionHandlers,
  contactHandlers,
  guestHandlers,
  memberHandlers,
  worldGuestHandlers,
  worldInvitationHandlers,
  worldGroupHandlers,
  stripeWebhookHandlers,
  paymentHandlers,
  pendingPaymentHandlers,
  receiptHandlers,
  calendarHandlers,
  realtimeHandlers,
  meetingHandlers,
  recordingHandlers,
  streamingHandlers,
  listeningHandlers,
  worldViewHandlers,
  questionnaireHandlers,
  eventHandlers,
  userHandlers,
  fileHandlers,
  layoutHandlers,
  chatHandlers,
  stageHandlers,
  interactionHandlers,
});

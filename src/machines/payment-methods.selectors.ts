// What the payments page reads from the payment methods machine's snapshot.
import type { PaymentMethodsSnapshot } from './payment-methods.machine';

export const selectMethods = (s: PaymentMethodsSnapshot) => s.context.methods;
/** How the card form pays (Stripe or the local card store), once the form was asked for. */
export const selectCardForm = (s: PaymentMethodsSnapshot) => s.context.form;
export const selectNotice = (s: PaymentMethodsSnapshot) => s.context.notice;
export const selectErrors = (s: PaymentMethodsSnapshot) => s.context.errors;
export const selectCardErrors = (s: PaymentMethodsSnapshot) => s.context.cardErrors;
/** The card whose deletion is being confirmed or sent, else null. */
export const selectDeleteTarget = (s: PaymentMethodsSnapshot) =>
  s.matches('confirmingDelete') || s.matches('deleting') ? s.context.targetId : null;
/** A change is being sent: the buttons wait. */
export const isBusy = (s: PaymentMethodsSnapshot) => s.hasTag('busy');
export const isLoading = (s: PaymentMethodsSnapshot) => s.matches('loading');
export const hasLoadFailed = (s: PaymentMethodsSnapshot) => s.matches('loadFailed');
export const isAdding = (s: PaymentMethodsSnapshot) => s.matches('adding');
/** The card form can be shown (adding, and a way to pay was found). */
export const showsCardForm = (s: PaymentMethodsSnapshot) =>
  s.matches('adding') && !s.matches({ adding: 'unavailable' });
/** Choosing the default card or deleting one. */
export const canChangeCards = (s: PaymentMethodsSnapshot) => s.matches('ready');
export const canOpenCardForm = (s: PaymentMethodsSnapshot) =>
  s.matches('ready') || s.matches('loadFailed');

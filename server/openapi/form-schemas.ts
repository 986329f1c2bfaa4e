import * as z from 'zod/mini';
import { myEmailForm, myNameForm, myPasswordForm } from '../../src/domain/forms/account-forms';
import {
  newPasswordForm,
  resendConfirmationForm,
  resetPasswordForm,
  signInForm,
  signUpForm,
} from '../../src/domain/forms/auth-forms';
import { contactForm } from '../../src/domain/forms/contact-form';
import { eventRegistrationForm } from '../../src/domain/forms/event-forms';
import { limits, requiredText } from '../../src/domain/forms/fields';
import { worldForm } from '../../src/domain/forms/world-form';
import type { OperationId } from './handler-types';

/**
 * The browser's form schemas (src/domain/forms), run again on the request body once it has the
 * contract's shape: blank strings, confirmations and trimming follow the same rules on both sides.
 * A body that breaks them answers 422 with the same messages the form shows.
 */
export const formSchemas: Partial<Record<OperationId, z.ZodMiniType>> = {
  signUp: signUpForm,
  signIn: signInForm,
  requestPasswordReset: resetPasswordForm,
  resendConfirmation: resendConfirmationForm,
  updatePasswordWithToken: newPasswordForm,
  sendContact: contactForm,
  // The name is the name form's; the icon is set by the account page's icon section alone.
  updateMe: z.extend(z.partial(myNameForm), { iconUrl: z.optional(z.nullable(z.string())) }),
  updateMyEmail: myEmailForm,
  updateMyPassword: myPasswordForm,
  createWorld: worldForm,
  // The browser's form leaves the bot token to the page; the request carries it.
  registerEventEmail: z.extend(eventRegistrationForm, { botToken: requiredText(limits.botToken) }),
};

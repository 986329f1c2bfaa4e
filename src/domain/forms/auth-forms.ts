// One schema per auth operation of openapi/paths/auth.yaml; field names are the request body's
// (devise_token_auth's snake_case), so a form's output is the body to send as it is.
import * as z from 'zod/mini';
import {
  body,
  confirmationMatches,
  currentPassword,
  email,
  limits,
  newPassword,
  optionalText,
  optionalUrl,
  requiredText,
} from './fields';

const signUpConfirmation = confirmationMatches('password', 'password_confirmation');

/**
 * POST /api/auth (signUp). The API lets a devise client leave out password_confirmation; the
 * sign-up form always sends it, so a blank confirmation reads "入力してください。".
 */
export const signUpForm = body({
  name: optionalText(limits.name),
  email: email(),
  password: newPassword(),
  password_confirmation: z.optional(newPassword()),
  // devise_token_auth's page to open once confirmed: only this site's (the server checks).
  confirm_success_url: optionalUrl(limits.url),
}).check(z.refine(...signUpConfirmation));

/** POST /api/auth/sign_in (signIn). Any stored password may be tried: no minimum beyond "filled". */
export const signInForm = body({
  email: email(),
  password: currentPassword(),
});

/** POST /api/auth/password (requestPasswordReset). redirect_url: the page to open once the password is set. */
export const resetPasswordForm = body({
  email: email(),
  redirect_url: optionalUrl(limits.url),
});

/** POST /api/auth/resend_confirmations_email (resendConfirmation). */
export const resendConfirmationForm = body({
  email: email(),
  redirect_url: optionalUrl(limits.url),
});

const resetConfirmation = confirmationMatches('password', 'password_confirmation');

/** PUT /api/auth/password (updatePasswordWithToken): the token comes from the mailed link. */
export const newPasswordForm = body({
  reset_password_token: requiredText(limits.resetToken),
  password: newPassword(),
  password_confirmation: newPassword(),
}).check(z.refine(...resetConfirmation));

// One schema per account operation of openapi/paths/mypage-account.yaml (camelCase bodies).
import * as z from 'zod/mini';
import {
  body,
  confirmationMatches,
  currentPassword,
  email,
  limits,
  newPassword,
  requiredText,
} from './fields';

/** PATCH /api/mypage/me (updateMe). */
export const myNameForm = body({
  name: requiredText(limits.name, { trim: true }),
});

/** PATCH /api/mypage/my_email (updateMyEmail): the change happens when the mailed link is opened. */
export const myEmailForm = body({
  email: email(),
  currentPassword: currentPassword(),
});

const confirmation = confirmationMatches('password', 'passwordConfirmation');

/** PATCH /api/mypage/my_password (updateMyPassword). */
export const myPasswordForm = body({
  currentPassword: currentPassword(),
  password: newPassword(),
  passwordConfirmation: newPassword(),
}).check(z.refine(...confirmation));

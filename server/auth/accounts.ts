import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import type { FileStorage } from '../files/storage';
import { RuleError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import {
  confirmationMail,
  emailChangeMail,
  existingAccountMail,
  passwordChangedMail,
  passwordResetMail,
} from '../mail/templates';
import { consumeToken, findToken, issueToken } from './one-time-tokens';
import { hashPassword, verifyPassword } from './passwords';
import { revokeClients, type UserRow } from './tokens';
import { checkIconUrl, iconKeyOf } from './user-icon';
import { normalizeEmail } from '../../src/domain/email-address';
import type { UseCaseContext } from '../http/use-case';

/** Account flows as plain functions over a transaction; handlers only translate HTTP. */
type Ctx = Pick<UseCaseContext, 'db' | 'appUrl' | 'now'>;

/**
 * Runs the mail work of reset, resend and sign-up after the answer (http/jobs.ts): the answer is
 * the same and takes as long whether or not the address is registered (docs/product.md).
 */
export type AfterAnswer = (job: () => Promise<void>) => void;

export const accountMessages = {
  foreignRedirect: '移動先のURLには、このサイトのURLを指定してください。',
  signedUp: '確認メールを送信しました。メールに記載されたリンクを開いて登録を完了してください。',
  badCredentials: 'メールアドレスまたはパスワードが正しくありません。',
  unconfirmed:
    'メールアドレスの確認が完了していません。確認メールのリンクを開いてください。メールが届いていない場合は、確認メールを再送信してください。',
  resent: 'ご登録のメールアドレスであれば、確認メールを再送信しました。',
  resetRequested: 'ご登録のメールアドレスであれば、パスワード再設定の案内をメールで送信しました。',
  passwordReset: 'パスワードを変更しました。新しいパスワードでログインしてください。',
  invalidResetLink: 'リンクが無効か期限切れです。もう一度パスワードの再設定をお申し込みください。',
  invalidConfirmationLink: 'リンクが無効か期限切れです。確認メールを再送信してください。',
  confirmed: 'メールアドレスを確認しました。ログインしてください。',
  alreadyConfirmed: 'メールアドレスは確認済みです。ログインしてください。',
  wrongCurrentPassword: '現在のパスワードが正しくありません。',
  sameEmail: '現在と同じメールアドレスです。',
  emailChangeRequested:
    '新しいメールアドレスに確認メールを送信しました。メールのリンクを開くと変更が完了します。',
  emailTaken: 'このメールアドレスは使用できません。',
  passwordChanged: 'パスワードを変更しました。',
} as const;

async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/**
 * The same answer whether or not the address is registered; the mail tells the owner of the
 * address what happened. The answer waits for the password's hash, for either; the account and
 * the mail are written after it.
 */
export async function signUp(
  ctx: Ctx,
  later: AfterAnswer,
  input: {
    email: string;
    password: string;
    password_confirmation?: string;
    name?: string;
    confirm_success_url?: string;
  },
) {
  const next = ownPath(ctx, input.confirm_success_url);
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  later(() =>
    ctx.db.transaction(async (tx) => {
      const existing = await findByEmail(tx, email);
      if (existing) {
        if (existing.confirmedAt) await enqueueMail(tx, { to: email, ...existingAccountMail(ctx) });
        else await sendConfirmation(tx, ctx, existing, next);
        return;
      }
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          name: input.name ?? '',
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .onConflictDoNothing()
        .returning();
      // A concurrent sign-up for the same address won the insert: answer as for a known address.
      if (user) await sendConfirmation(tx, ctx, user, next);
    }),
  );
  return { message: accountMessages.signedUp };
}

async function sendConfirmation(tx: Db, ctx: Ctx, user: UserRow, next: string | null = null) {
  const token = await issueToken(tx, user.id, 'confirmation', user.email, ctx.now);
  await enqueueMail(tx, {
    to: user.email,
    ...confirmationMail({ appUrl: ctx.appUrl, token, next }),
  });
}

/**
 * devise_token_auth's confirm_success_url / redirect_url as a path of this site (what the mailed
 * link carries); null when absent. A URL of another origin is refused: a link in our mail must
 * not send people elsewhere (an open redirect).
 */
function ownPath(ctx: Ctx, url: string | undefined): string | null {
  if (url === undefined) return null;
  const target = URL.canParse(url) ? new URL(url) : null;
  if (!target || target.origin !== new URL(ctx.appUrl).origin)
    throw new RuleError('malformed', accountMessages.foreignRedirect);
  return `${target.pathname}${target.search}${target.hash}`;
}

export async function checkCredentials(
  db: Db,
  input: { email: string; password: string },
): Promise<UserRow> {
  const user = await findByEmail(db, normalizeEmail(input.email));
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new RuleError('unauthenticated', accountMessages.badCredentials);
  if (!user.confirmedAt) throw new RuleError('unauthenticated', accountMessages.unconfirmed);
  return user;
}

export function resendConfirmation(
  ctx: Ctx,
  later: AfterAnswer,
  input: { email: string; redirect_url?: string },
) {
  const next = ownPath(ctx, input.redirect_url);
  later(() =>
    ctx.db.transaction(async (tx) => {
      const user = await findByEmail(tx, normalizeEmail(input.email));
      if (user && !user.confirmedAt) await sendConfirmation(tx, ctx, user, next);
    }),
  );
  return { message: accountMessages.resent };
}

/**
 * Confirms a sign-up, or an address change (the token names the new address). Opening the
 * same link twice is harmless: the second time answers "already confirmed".
 */
export async function confirmEmail(ctx: Ctx, token: string) {
  return ctx.db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, 'confirmation', ctx.now);
    if (!used) {
      const earlier = await findToken(tx, token, 'confirmation');
      const [user] = earlier?.usedAt
        ? await tx.select().from(users).where(eq(users.id, earlier.userId)).limit(1)
        : [];
      if (user?.confirmedAt && user.email === earlier?.email)
        return { message: accountMessages.alreadyConfirmed };
      throw new RuleError('invalid', accountMessages.invalidConfirmationLink);
    }
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.id, used.userId))
      .for('update')
      .limit(1);
    if (!user) throw new RuleError('invalid', accountMessages.invalidConfirmationLink);
    if (used.email === user.email) {
      if (!user.confirmedAt)
        await tx
          .update(users)
          .set({ confirmedAt: ctx.now, updatedAt: ctx.now })
          .where(eq(users.id, user.id));
      return { message: accountMessages.confirmed };
    }
    if (user.unconfirmedEmail !== used.email)
      throw new RuleError('invalid', accountMessages.invalidConfirmationLink);
    if (await findByEmail(tx, used.email))
      throw new RuleError('invalid', accountMessages.emailTaken);
    await tx
      .update(users)
      .set({
        email: used.email,
        unconfirmedEmail: null,
        confirmedAt: user.confirmedAt ?? ctx.now,
        updatedAt: ctx.now,
      })
      .where(eq(users.id, user.id));
    // The uid of every session was the old address: they end, and the user signs in again.
    await revokeClients(tx, user.id);
    return { message: accountMessages.confirmed };
  });
}

export function requestPasswordReset(
  ctx: Ctx,
  later: AfterAnswer,
  input: { email: string; redirect_url?: string },
) {
  const next = ownPath(ctx, input.redirect_url);
  later(() =>
    ctx.db.transaction(async (tx) => {
      const user = await findByEmail(tx, normalizeEmail(input.email));
      if (!user) return;
      const token = await issueToken(tx, user.id, 'password_reset', user.email, ctx.now);
      await enqueueMail(tx, {
        to: user.email,
        ...passwordResetMail({ appUrl: ctx.appUrl, token, next }),
      });
    }),
  );
  return { message: accountMessages.resetRequested };
}

/** Sets a new password from a reset link; every session ends, and the address counts as confirmed. */
export async function resetPassword(
  ctx: Ctx,
  input: { reset_password_token: string; password: string; password_confirmation: string },
) {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const used = await consumeToken(tx, input.reset_password_token, 'password_reset', ctx.now);
    if (!used) throw new RuleError('invalid', accountMessages.invalidResetLink);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: ctx.now })
      .where(eq(users.id, used.userId))
      .returning();
    if (!user) throw new RuleError('invalid', accountMessages.invalidResetLink);
    if (!user.confirmedAt && user.email === used.email) {
      await tx.update(users).set({ confirmedAt: ctx.now }).where(eq(users.id, user.id));
    }
    await revokeClients(tx, user.id);
    await enqueueMail(tx, { to: user.email, ...passwordChangedMail(ctx) });
  });
  return { message: accountMessages.passwordReset };
}

export async function changePassword(
  ctx: Ctx,
  user: UserRow,
  clientRowId: string,
  input: { currentPassword: string; password: string; passwordConfirmation: string },
) {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new RuleError('invalid', accountMessages.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: ctx.now }).where(eq(users.id, user.id));
    await revokeClients(tx, user.id, clientRowId);
    await enqueueMail(tx, { to: user.email, ...passwordChangedMail(ctx) });
  });
  return { message: accountMessages.passwordChanged };
}

/**
 * Starts an address change: the new address gets a confirmation link and the change happens
 * when it is opened. A taken address answers the same (and its owner is told) so the call
 * cannot be used to find out who is registered.
 */
export async function requestEmailChange(
  ctx: Ctx,
  user: UserRow,
  input: { email: string; currentPassword: string },
) {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new RuleError('invalid', accountMessages.wrongCurrentPassword);
  }
  const email = normalizeEmail(input.email);
  if (email === user.email) throw new RuleError('invalid', accountMessages.sameEmail);
  await ctx.db.transaction(async (tx) => {
    if (await findByEmail(tx, email)) {
      await enqueueMail(tx, { to: email, ...existingAccountMail(ctx) });
      return;
    }
    await tx
      .update(users)
      .set({ unconfirmedEmail: email, updatedAt: ctx.now })
      .where(eq(users.id, user.id));
    const token = await issueToken(tx, user.id, 'confirmation', email, ctx.now);
    await enqueueMail(tx, { to: email, ...emailChangeMail({ appUrl: ctx.appUrl, token }) });
  });
  return { message: accountMessages.emailChangeRequested };
}

/**
 * Changes the name and the icon given (docs/product.md §4 アイコン): `name` has passed the account
 * form's rules; `iconUrl` must be the caller's own userIcon upload (checkIconUrl), or null to
 * clear it. A replaced or cleared icon's file is deleted.
 */
export async function updateProfile(
  ctx: Ctx,
  files: FileStorage,
  user: UserRow,
  input: { name?: string; iconUrl?: string | null },
) {
  const { name, iconUrl } = input;
  if (iconUrl) await checkIconUrl(files, user.id, iconUrl);
  const [updated] = await ctx.db
    .update(users)
    .set({ name, iconUrl, updatedAt: ctx.now })
    .where(eq(users.id, user.id))
    .returning();
  const oldKey = user.iconUrl && iconKeyOf(files, user.id, user.iconUrl);
  if (oldKey && iconUrl !== undefined && iconUrl !== user.iconUrl) await files.remove(oldKey);
  return updated!;
}

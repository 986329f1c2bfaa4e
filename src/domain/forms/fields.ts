// Building blocks of the form schemas. Every message comes from validation-messages.ts (the
// docs/product.md §5 wording); bounds are the OpenAPI document's, so the browser refuses exactly
// what the server would and the server can run the same schema on a request body.
// zod/mini, whose functions are tree-shaken: classic zod would weigh 25 KiB gzip on every form
// page, sign-in included (docs/decisions/018-page-budget.md).
import * as z from 'zod/mini';
import { fieldMessage, messages } from '../validation-messages';

/** Bounds of openapi/: one place, so a change of the contract is a change of one line here. */
export const limits = {
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  name: 50,
  resetToken: 100,
  url: 2048,
  contactSubject: 100,
  contactBody: 5000,
  botToken: 4096,
} as const;

// ajv-formats' "full" email format, which the server applies to the same fields; a different
// pattern here would let the browser accept an address the server then refuses.
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** A string; absent or null reads as "required", any other type as "enter text". */
function text() {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? messages.required()
        : messages.type('string'),
  });
}

const notBlank = (value: string) => value.trim() !== '';

/**
 * A required string of at most `max` characters. Blank counts as empty; it is the only message
 * then (abort), so an empty password does not also read "8文字以上…".
 * `trim` removes surrounding spaces first (a phone keyboard's trailing space after an address).
 */
export function requiredText(
  max: number,
  { trim = false, min }: { trim?: boolean; min?: number } = {},
) {
  return text().check(
    ...(trim ? [z.trim()] : []),
    z.refine(notBlank, { error: messages.required(), abort: true }),
    ...(min === undefined ? [] : [z.minLength(min, { error: messages.minLength(min) })]),
    z.maxLength(max, { error: messages.maxLength(max) }),
  );
}

/** An optional string of at most `max` characters: absent or blank means "not given" (undefined). */
export function optionalText(max: number) {
  return z.pipe(
    z.optional(text().check(z.trim(), z.maxLength(max, { error: messages.maxLength(max) }))),
    z.transform((value: string | undefined) => (value === '' ? undefined : value)),
  );
}

/** An e-mail address as the server accepts it: trimmed, ≤ 254 characters, a valid address. */
export function email() {
  return requiredText(limits.email, { trim: true }).check(
    z.regex(EMAIL_PATTERN, { error: messages.email() }),
  );
}

/** An optional e-mail address: blank means "not given" (undefined); otherwise as email(). */
export function optionalEmail() {
  return z.pipe(
    text().check(
      z.trim(),
      z.maxLength(limits.email, { error: messages.maxLength(limits.email) }),
      z.refine((value) => value === '' || EMAIL_PATTERN.test(value), { error: messages.email() }),
    ),
    z.transform((value: string) => (value === '' ? undefined : value)),
  );
}

/** A password being chosen: 8 to 128 characters, never trimmed (spaces are allowed in it). */
export function newPassword() {
  return requiredText(limits.passwordMax, { min: limits.passwordMin });
}

/** A password being proved: any non-blank text up to 128 characters (old passwords may predate rules). */
export function currentPassword() {
  return requiredText(limits.passwordMax);
}

/** An absolute URL (the OpenAPI "uri" format), optional. */
export function optionalUrl(max: number) {
  return z.optional(
    text().check(
      z.maxLength(max, { error: messages.maxLength(max) }),
      z.refine(isAbsoluteUrl, { error: messages.uri() }),
    ),
  );
}

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** What a transform may report its refusals to, as classic zod's transforms do (ctx.addIssue). */
export type IssueSink = { addIssue(issue: { code: 'custom'; message: string }): void };

/** A transform that may refuse the value: zod/mini's own hands over the bare parse payload. */
export function transformWithIssues<Input, Output>(fn: (value: Input, ctx: IssueSink) => Output) {
  return z.transform((value: Input, payload) =>
    fn(value, { addIssue: (issue) => payload.issues.push({ ...issue, input: value }) }),
  );
}

/** The object of a request body: unknown fields are refused, as `additionalProperties: false` does. */
export function body<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? messages.unknownField() : messages.type('object'),
  });
}

/**
 * The cross-field rule "the confirmation equals the password", reported on the confirmation.
 * zod runs it only when neither field was refused outright (absent, blank, not a string), so a
 * blank confirmation reads "入力してください。" and nothing else.
 */
export function confirmationMatches<Password extends string, Confirmation extends string>(
  password: Password,
  confirmation: Confirmation,
) {
  const check = (data: Partial<Record<Password | Confirmation, string>>) =>
    data[confirmation] === undefined || data[confirmation] === data[password];
  return [check, { path: [confirmation], error: messages.passwordConfirmation() }] as [
    typeof check,
    { path: PropertyKey[]; error: string },
  ];
}

/** Field name → its messages, in order; a message about the whole body is under ''. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field | '', string[]>>;

/** The messages of a failed parse grouped by top-level field; empty on success. */
export function fieldErrors<T>(
  result: z.util.SafeParseResult<T>,
): FieldErrors<Extract<keyof T, string>> {
  const grouped: Partial<Record<string, string[]>> = {};
  if (result.success) return grouped;
  const add = (field: string, message: string) => {
    const list = (grouped[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(key, issue.message);
    } else {
      add(issue.path.length > 0 ? String(issue.path[0]) : '', issue.message);
    }
  }
  return grouped;
}

/**
 * The messages of a failed parse as the server words them in `{ errors: [...] }`:
 * "email: 入力してください。" (the field, then the message), in the order zod found them.
 */
export function errorMessages(error: z.core.$ZodError): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => fieldMessage(key, issue.message));
    return [fieldMessage(issue.path.map(String).join('.'), issue.message)];
  });
}

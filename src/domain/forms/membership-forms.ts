// The forms of a world's membership screens (openapi/schemas/mypage-worlds.yaml):
// CreateStaffInvitationsRequest, CreateWorldInvitationsRequest, CreateWorldGuestTokenRequest and
// the co-owner's address.
// Bounds are the contract's, so the browser refuses what the server would.
import * as z from 'zod/mini';
import { fromLocalInput, type TimeZoneName } from '../time-zone';
import { messages } from '../validation-messages';
import {
  body,
  currentPassword,
  email,
  type IssueSink,
  optionalText,
  transformWithIssues,
} from './fields';

export const membershipLimits = {
  invitationEmails: 50,
  memberInvitationEmails: 100,
  invitationMessage: 1000,
  guestLinkLabel: 100,
  guestLinkMaxUses: 10000,
} as const;

const GUEST_LINK_PAST_MESSAGE = '有効期限はこれからの日時にしてください。';
const DUPLICATE_EMAIL_MESSAGE = (address: string) => `${address} が重複しています。`;
const INVALID_EMAIL_MESSAGE = (address: string) => `${address}: ${messages.email()}`;

const singleEmail = email();

/** The addresses of a text area: one per line, or separated by commas, semicolons or spaces. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;、，]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * An invitation by e-mail: the addresses are typed in one text area, at most `maxEmails`; the
 * output is the request body. Each wrong address is named, so a long list is easy to fix.
 */
function invitationForm(maxEmails: number) {
  return body({
    emails: z.pipe(
      z.string({ error: () => messages.required() }),
      transformWithIssues((text: string, ctx) => {
        const addresses = splitEmails(text);
        if (addresses.length === 0)
          ctx.addIssue({ code: 'custom', message: messages.nonEmptyArray() });
        if (addresses.length > maxEmails)
          ctx.addIssue({ code: 'custom', message: messages.maxItems(maxEmails) });
        const seen = new Set<string>();
        for (const address of addresses) {
          if (!singleEmail.safeParse(address).success)
            ctx.addIssue({ code: 'custom', message: INVALID_EMAIL_MESSAGE(address) });
          // Mailboxes are matched without case on the server too: A@x and a@x are one person.
          const key = address.toLowerCase();
          if (seen.has(key))
            ctx.addIssue({ code: 'custom', message: DUPLICATE_EMAIL_MESSAGE(address) });
          seen.add(key);
        }
        return addresses;
      }),
    ),
    message: optionalText(membershipLimits.invitationMessage),
  });
}

/** POST /api/mypage/worlds/{world_id}/staff_invitations (CreateStaffInvitationsRequest). */
export const staffInvitationForm = invitationForm(membershipLimits.invitationEmails);

/** POST /api/mypage/worlds/{world_id}/world_invitations (CreateWorldInvitationsRequest). */
export const memberInvitationForm = invitationForm(membershipLimits.memberInvitationEmails);

/**
 * An optional expiry typed as a wall-clock time in the world's zone (datetime-local), sent as an
 * instant; blank is "no expiry" (undefined). The server refuses one that is not ahead of now.
 */
export function futureExpiry(zone: TimeZoneName, now: () => Date) {
  return z.pipe(
    z.string({ error: () => messages.dateTime() }).check(z.trim()),
    transformWithIssues((value: string, ctx) =>
      value === '' ? undefined : futureInstant(value, zone, now, ctx),
    ),
  );
}

/** A datetime-local value of the zone as an ISO instant, with an issue unless valid and ahead of now. */
export function futureInstant(
  value: string,
  zone: TimeZoneName,
  now: () => Date,
  ctx: IssueSink,
): string {
  const at = fromLocalInput(value, zone);
  if (!at) {
    ctx.addIssue({ code: 'custom', message: messages.dateTime() });
    return z.NEVER;
  }
  if (at.getTime() <= now().getTime())
    ctx.addIssue({ code: 'custom', message: GUEST_LINK_PAST_MESSAGE });
  return at.toISOString();
}

/**
 * POST /api/mypage/worlds/{world_id}/world_guest_tokens, and instant_entrances, whose body is the
 * same (CreateInstantEntranceRequest): a label, an expiry and a limit of uses, all optional.
 */
export function guestLinkForm(zone: TimeZoneName, now: () => Date = () => new Date()) {
  return body({
    label: optionalText(membershipLimits.guestLinkLabel),
    expiresAt: futureExpiry(zone, now),
    maxUses: z.pipe(
      z.string({ error: () => messages.type('integer') }).check(z.trim()),
      transformWithIssues((value: string, ctx) => {
        if (value === '') return undefined;
        const uses = Number(value);
        if (!/^\d+$/.test(value))
          ctx.addIssue({ code: 'custom', message: messages.type('integer') });
        else if (uses < 1) ctx.addIssue({ code: 'custom', message: messages.minNumber(1) });
        else if (uses > membershipLimits.guestLinkMaxUses)
          ctx.addIssue({
            code: 'custom',
            message: messages.maxNumber(membershipLimits.guestLinkMaxUses),
          });
        return uses;
      }),
    ),
  });
}

/**
 * POST /api/mypage/worlds/{world_id}/owners (addWorldOwner): a registered user's address, and
 * the caller's password, since a co-owner can do everything the caller can.
 */
export const coOwnerForm = body({ email: email(), currentPassword: currentPassword() });

export type GuestLinkBody = z.output<ReturnType<typeof guestLinkForm>>;

import { randomUUID } from 'node:crypto';

/** The form an address is stored, compared and counted in (sign-in, invitations, rate limits). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A guest's uid looks like an address so that the devise_token_auth protocol (uid header) works
 * unchanged, but it is in a reserved domain (RFC 2606 `.invalid`) and nothing is ever mailed to it.
 */
const guestDomain = 'guest.invalid';

export function newGuestAddress(): string {
  return `guest-${randomUUID()}@${guestDomain}`;
}

export function isGuestAddress(address: string): boolean {
  return address.trim().toLowerCase().endsWith(`@${guestDomain}`);
}

import { randomUUID } from 'node:crypto';
import { normalizeEmail } from '../../src/domain/email-address';

/**
 * A guest's uid looks like an address so that the devise_token_auth protocol (uid header) works
 * unchanged, but it is in a reserved domain (RFC 2606 `.invalid`) and nothing is ever mailed to it.
 */
const guestDomain = 'guest.invalid';

export function newGuestAddress(): string {
  return `guest-${randomUUID()}@${guestDomain}`;
}

export function isGuestAddress(address: string): boolean {
  return normalizeEmail(address).endsWith(`@${guestDomain}`);
}

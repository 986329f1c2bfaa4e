// Mail addresses as the product compares them: sign-in, invitations bound to an address, rate
// limits. Shared by the server (which stores them in this form) and the app (which tells a
// signed-in account whether an invitation is its own before asking the server).

/** The form an address is stored, compared and counted in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether two addresses are one mailbox for the product (case and surrounding spaces aside). */
export function sameAddress(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}

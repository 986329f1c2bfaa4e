import { createHash, randomBytes } from 'node:crypto';

/** A 128-bit random secret, URL-safe. */
export function newSecret(): string {
  return randomBytes(16).toString('base64url');
}

/** Secrets are stored only as SHA-256 hashes: a leaked table grants nothing. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

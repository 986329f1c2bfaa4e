import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a dummy one when there is no user or the user
 * has no password (a guest), so that both take as long to refuse as a wrong password.
 */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (stored === undefined || stored === null) {
    dummyHash ??= hashPassword('dummy password for timing');
    await verify(await dummyHash, password);
    return false;
  }
  return verify(stored, password);
}

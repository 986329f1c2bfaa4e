import { expect, vi } from 'vitest';
import { api } from './api';

export const E2E_PASSWORD = 'e2e password 1';

/**
 * The first match of `pattern` in the newest mail to `email` that has one, from the dev outbox.
 * Waits for it: account mail is written after the answer (server/http/jobs.ts).
 */
export async function mailMatch(baseUrl: string, email: string, pattern: RegExp) {
  return vi.waitFor(
    async () => {
      const mails = (await api(baseUrl, '/api/dev/mails')).json.items as {
        to: string;
        text: string;
      }[];
      const match = mails
        .filter((m) => m.to === email)
        .map((m) => pattern.exec(m.text))
        .find(Boolean);
      if (!match) throw new Error(`no mail to ${email} matching ${pattern}`);
      return match;
    },
    { timeout: 15_000, interval: 100 },
  );
}

/** A registered, confirmed account: signed up through the API and confirmed with the mailed link. */
export async function registerUser(
  baseUrl: string,
  email: string,
  name: string,
  password = E2E_PASSWORD,
) {
  const signUp = await api(baseUrl, '/api/auth', {
    method: 'POST',
    body: { email, password, password_confirmation: password, name },
  });
  expect(signUp.status).toBe(200);
  const [, token] = await mailMatch(baseUrl, email, /confirmation_token=([^\s&]+)/);
  const confirmed = await api(baseUrl, `/api/auth/confirmation?confirmation_token=${token}`);
  expect(confirmed.status).toBe(200);
}

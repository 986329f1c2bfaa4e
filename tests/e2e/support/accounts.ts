import { expect } from 'vitest';
import { api } from './api';

export const E2E_PASSWORD = 'e2e password 1';

/** The dev outbox's mails to `email`, oldest first. */
export async function mailsTo(baseUrl: string, email: string) {
  const mails = (await api(baseUrl, '/api/dev/mails')).json.items as { to: string; text: string }[];
  return mails.filter((m) => m.to === email);
}

/** A registered, confirmed account: signed up through the API and confirmed with the mailed link. */
export async function registerUser(baseUrl: string, email: string, name: string) {
  const signUp = await api(baseUrl, '/api/auth', {
    method: 'POST',
    body: { email, password: E2E_PASSWORD, password_confirmation: E2E_PASSWORD, name },
  });
  expect(signUp.status).toBe(200);
  const token = (await mailsTo(baseUrl, email))
    .map((m) => /confirmation_token=([^\s&]+)/.exec(m.text)?.[1])
    .find(Boolean);
  const confirmed = await api(baseUrl, `/api/auth/confirmation?confirmation_token=${token}`);
  expect(confirmed.status).toBe(200);
}

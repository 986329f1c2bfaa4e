// The account's queries and calls by name: signing up, confirming, passwords, the caller's own
// profile, and the contact form (ADR 013). Views take these, never an API path; signing in and
// out belong to the session statechart (../session-api.ts).
import type { ApiClient } from './client';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateGets, type JsonBody, type QueryApi } from './queries';

export const accountQueries = {
  /** The signed-in caller as mypage shows them. */
  me: (queryApi: QueryApi) => queryApi.queryOptions('get', '/api/mypage/me'),
  /**
   * Confirms an address with the token of the mailed link: keyed by the token, to be used with
   * spendsOneTimeToken so it is sent once per token.
   */
  confirmation: (queryApi: QueryApi, token: string) =>
    queryApi.queryOptions('get', '/api/auth/confirmation', {
      params: { query: { confirmation_token: token } },
    }),
  /** Whether the caller has a public API token, and its first characters (never the token). */
  apiToken: (queryApi: QueryApi) => queryApi.queryOptions('get', '/api/user_public_api_token'),
};

export const accountMutations = {
  signUp: (api: ApiClient, body: JsonBody<'/api/auth', 'post'>) => api.POST('/api/auth', { body }),
  resendConfirmation: (
    api: ApiClient,
    body: JsonBody<'/api/auth/resend_confirmations_email', 'post'>,
  ) => api.POST('/api/auth/resend_confirmations_email', { body }),
  /** Asks for a mail with a link to set a new password. */
  requestPasswordReset: (api: ApiClient, body: JsonBody<'/api/auth/password', 'post'>) =>
    api.POST('/api/auth/password', { body }),
  /** Sets a new password with the token of that mail. */
  resetPassword: (api: ApiClient, body: JsonBody<'/api/auth/password', 'put'>) =>
    api.PUT('/api/auth/password', { body }),
  updateMe: (api: ApiClient, body: JsonBody<'/api/mypage/me', 'patch'>) =>
    api.PATCH('/api/mypage/me', { body }),
  /** Asks to change the address; the change waits for the new address's confirmation. */
  changeEmail: (api: ApiClient, body: JsonBody<'/api/mypage/my_email', 'patch'>) =>
    api.PATCH('/api/mypage/my_email', { body }),
  changePassword: (api: ApiClient, body: JsonBody<'/api/mypage/my_password', 'patch'>) =>
    api.PATCH('/api/mypage/my_password', { body }),
  contact: (api: ApiClient, body: JsonBody<'/api/contact', 'post'>) =>
    api.POST('/api/contact', { body }),
  /** Issues a public API token (the previous one stops working); the answer is the only sight of it. */
  createApiToken: (api: ApiClient) => api.POST('/api/user_public_api_token'),
  revokeApiToken: (api: ApiClient) => api.DELETE('/api/user_public_api_token'),
};

/** The token's status (one issued or revoked). */
export const invalidateApiToken = (queryClient: QueryClient) =>
  invalidateGets(queryClient, '/api/user_public_api_token');

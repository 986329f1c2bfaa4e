import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../memory-storage';
import { createAppStorage } from '../../storage';
import { createFakeFetch, jsonResponse, type TestPaths } from '../test-support';
import { tokenRotationMiddleware } from './token-rotation';

const SIGNED_IN = {
  authClient: 'c1',
  authUid: 'u@example.com',
  authAccessToken: 't1',
  userId: '7',
};

async function respondWith(headers: Record<string, string>, status = 200) {
  const backing = createMemoryStorage(SIGNED_IN);
  const fake = createFakeFetch([jsonResponse({ ok: status < 400 }, { status, headers })]);
  const client = createClient<TestPaths>({ baseUrl: 'https://api.test', fetch: fake.fetch });
  client.use(tokenRotationMiddleware(createAppStorage(backing)));
  await client.GET('/api/news');
  return {
    authClient: backing.getItem('authClient'),
    authUid: backing.getItem('authUid'),
    authAccessToken: backing.getItem('authAccessToken'),
    userId: backing.getItem('userId'),
  };
}

describe('tokenRotationMiddleware', () => {
  it('replaces the stored token with a new access-token header', async () => {
    expect(await respondWith({ 'access-token': 't2' })).toEqual({
      ...SIGNED_IN,
      authAccessToken: 't2',
    });
  });

  it('replaces client and uid that come with a new access-token', async () => {
    expect(
      await respondWith({ 'access-token': 't2', client: 'c2', uid: 'other@example.com' }),
    ).toEqual({
      ...SIGNED_IN,
      authAccessToken: 't2',
      authClient: 'c2',
      authUid: 'other@example.com',
    });
  });

  it('keeps stored client and uid when the new token comes with blank ones', async () => {
    expect(await respondWith({ 'access-token': 't2', client: '', uid: ' ' })).toEqual({
      ...SIGNED_IN,
      authAccessToken: 't2',
    });
  });

  it('ignores a blank access-token header', async () => {
    expect(
      await respondWith({ 'access-token': '', client: 'c2', uid: 'other@example.com' }),
    ).toEqual(SIGNED_IN);
  });

  it('ignores a response without an access-token header', async () => {
    expect(await respondWith({ client: 'c2', uid: 'other@example.com' })).toEqual(SIGNED_IN);
  });

  it('stores a new token from an error response too', async () => {
    expect(await respondWith({ 'access-token': 't2' }, 422)).toEqual({
      ...SIGNED_IN,
      authAccessToken: 't2',
    });
  });
});

import { demoAccount } from '../../../server/app/seed';
import { api, authHeaders } from './api';
import { type BrowserSuite, browserSuite, type BrowserSuiteOptions } from './browser-suite';

export type DemoWorldSuite = BrowserSuite & {
  /** The seeded demo owner's headers. */
  owner: Record<string, string>;
  /** The seeded demo owner's world. */
  worldId: string;
};

/**
 * A suite on the seeded demo world: its own e2e server and Chromium (`options` as browserSuite's),
 * closed after the suite. The fields are there once beforeAll has run.
 */
export function demoWorldSuite(options: BrowserSuiteOptions = {}): DemoWorldSuite {
  return browserSuite({
    ...options,
    setUp: async ({ server }) => {
      const signIn = await api(server.url, '/api/auth/sign_in', {
        method: 'POST',
        body: { email: demoAccount.email, password: demoAccount.password },
      });
      const owner = authHeaders(signIn);
      const worlds = await api(server.url, '/api/mypage/worlds', { headers: owner });
      return { owner, worldId: worlds.json.items[0].id as string };
    },
  });
}

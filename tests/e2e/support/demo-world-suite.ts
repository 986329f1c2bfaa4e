import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { demoAccount } from '../../../server/db/seed';
import { api, authHeaders } from './api';
import { launchChromium, startE2eServer } from './server';

export type DemoWorldSuite = {
  server: Awaited<ReturnType<typeof startE2eServer>>;
  browser: Browser;
  /** The seeded demo owner's world. */
  worldId: string;
};

/**
 * A suite on the seeded demo world: its own e2e server and Chromium, closed after the suite. The
 * fields are there once beforeAll has run.
 */
export function demoWorldSuite(): DemoWorldSuite {
  const suite = {} as DemoWorldSuite;
  beforeAll(async () => {
    suite.server = await startE2eServer();
    suite.browser = await launchChromium();
    const signIn = await api(suite.server.url, '/api/auth/sign_in', {
      method: 'POST',
      body: { email: demoAccount.email, password: demoAccount.password },
    });
    const worlds = await api(suite.server.url, '/api/mypage/worlds', {
      headers: authHeaders(signIn),
    });
    suite.worldId = worlds.json.items[0].id;
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

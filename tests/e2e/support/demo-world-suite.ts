import type { BrowserContext, Page } from 'playwright-core';
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

/** A new page of `context` where the demo owner signed in through the sign-in form. */
export async function signInOnPage(suite: BrowserSuite, context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/signin`);
  await page.getByLabel(/^メールアドレス/).fill(demoAccount.email);
  await page.getByLabel(/^パスワード/).fill(demoAccount.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL(`${suite.server.url}/mypage/worlds`);
  return page;
}

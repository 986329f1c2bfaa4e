// The app as `npm run dev:web` runs it: a development build, where React's StrictMode mounts,
// unmounts and mounts every component again. Actors that do not survive that cycle break only
// here (a production build mounts once), so this file builds its own development bundle.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { browserSuite } from './support/browser-suite';

const outDir = mkdtempSync(join(tmpdir(), 'worlds-dev-build-'));

// Registered before browserSuite's hooks: the build is there before its server starts, and is
// removed after the server has stopped (vitest runs afterAll hooks in reverse order).
beforeAll(() => {
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--mode',
      'development',
      '--logLevel',
      'warn',
      // Not dist/: the production build the other files serve stays as it is.
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    // NODE_ENV=development: React's development build, with StrictMode's double mount.
    { env: { ...process.env, NODE_ENV: 'development' }, stdio: 'inherit' },
  );
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const suite = browserSuite({ env: { STATIC_DIR: outDir } });

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}(必須|任意)?$`));

describe('a development build (React StrictMode)', () => {
  it('keeps a signed-in user signed in across a reload', async () => {
    const page = await suite.browser.newPage();
    // Signed out, a mypage screen sends to /signin and the sign-in comes back to it.
    await page.goto(`${suite.server.url}/mypage/account`);
    await page.waitForURL(`${suite.server.url}/signin`);
    await field(page, 'メールアドレス').fill(demoAccount.email);
    await field(page, 'パスワード').fill(demoAccount.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${suite.server.url}/mypage/account`);
    await page.getByText(demoAccount.email).first().waitFor();

    const validated = page.waitForResponse((r) => r.url().endsWith('/api/auth/validate_token'));
    await page.reload();
    expect((await validated).status()).toBe(200);
    // Either the account screen shows the user, or the session sent them to /signin (the bug).
    await Promise.race([
      page.getByText(demoAccount.email).first().waitFor(),
      page.waitForURL(/\/signin/),
    ]);
    expect(page.url()).toBe(`${suite.server.url}/mypage/account`);
    await page.getByText(demoAccount.email).first().waitFor();
    await page.close();
  });
});

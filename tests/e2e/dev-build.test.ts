// The app as `npm run dev:web` runs it: a development build, where React's StrictMode mounts,
// unmounts and mounts every component again. Actors that do not survive that cycle break only
// here (a production build mounts once), so this file builds its own development bundle.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/db/seed';
import { launchChromium, startE2eServer } from './support/server';

let outDir: string;
let server: Awaited<ReturnType<typeof startE2eServer>>;
let browser: Browser;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'worlds-dev-build-'));
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
  server = await startE2eServer({ STATIC_DIR: outDir });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}(必須|任意)?$`));

describe('a development build (React StrictMode)', () => {
  it('keeps a signed-in user signed in across a reload', async () => {
    const page = await browser.newPage();
    // Signed out, a mypage screen sends to /signin and the sign-in comes back to it.
    await page.goto(`${server.url}/mypage/account`);
    await page.waitForURL(`${server.url}/signin`);
    await field(page, 'メールアドレス').fill(demoAccount.email);
    await field(page, 'パスワード').fill(demoAccount.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${server.url}/mypage/account`);
    await page.getByText(demoAccount.email).first().waitFor();

    const validated = page.waitForResponse((r) => r.url().endsWith('/api/auth/validate_token'));
    await page.reload();
    expect((await validated).status()).toBe(200);
    // Either the account screen shows the user, or the session sent them to /signin (the bug).
    await Promise.race([
      page.getByText(demoAccount.email).first().waitFor(),
      page.waitForURL(/\/signin/),
    ]);
    expect(page.url()).toBe(`${server.url}/mypage/account`);
    await page.getByText(demoAccount.email).first().waitFor();
    await page.close();
  });
});

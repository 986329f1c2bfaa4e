import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { pgliteTemplateDir } from '../../support/database-templates';
import { freePort } from '../../support/free-port';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The real server on a free port with a fresh data directory, serving the built app. `env` adds
 * variables (the Stripe ones, for a server that pays through a fake Stripe; STATIC_DIR for
 * another build than dist/); `nodeArgs` options for node (bench:media's --cpu-prof).
 */
export async function startE2eServer(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<{ url: string; stop(): Promise<void>; kill(): void }> {
  if (!existsSync(join(env.STATIC_DIR ?? 'dist', 'index.html')))
    throw new Error('The app is not built: run `npm run build` first.');
  const dataDir = mkdtempSync(join(tmpdir(), 'worlds-e2e-'));
  // A copy of the run's migrated PGlite (tests/support/database-templates.ts): no initdb, no migrations.
  if (!env.DATABASE_URL && existsSync(pgliteTemplateDir()))
    cpSync(pgliteTemplateDir(), dataDir, { recursive: true });
  // A real port up front (not PORT=0): links in mails are built from it.
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'server/app/main.ts'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SMTP_URL: '',
        REDIS_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  // Start-up runs the migrations on a fresh PGlite: seconds in CI, but 40 s has been seen on a
  // loaded machine. E2E_SERVER_START_SECONDS changes the limit.
  const polls = Number(process.env.E2E_SERVER_START_SECONDS ?? 110) * 20;
  for (let i = 0; i < polls && !/running at http/.test(output); i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!/running at http/.test(output)) throw new Error(`server did not start: ${output}`);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    /** `kill -9`: the process dies without closing anything (tests across processes). */
    kill: () => void child.kill('SIGKILL'),
  };
}

/** Debian's Chromium; Playwright's own browser download cannot run here. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(`No Chromium at ${chromiumPath}: apt-get install chromium`);
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

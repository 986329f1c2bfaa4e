import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, startE2eServer } from './server';

export type BrowserSuite = {
  server: Awaited<ReturnType<typeof startE2eServer>>;
  browser: Browser;
};

export type BrowserSuiteOptions = {
  /** Added to the server's environment (see startE2eServer); a function when it depends on
   * something an earlier beforeAll started. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Added to Chromium's flags (the meeting suites' fake media). */
  chromiumArgs?: string[];
  /** The start-up hook's limit instead of the project's hookTimeout. */
  hookTimeout?: number;
};

/**
 * The suite's own e2e server and Chromium: started in beforeAll, closed in afterAll (the browser,
 * then the server; either may be missing when start-up failed). `setUp` answers more fields from
 * the started pair (the owner's session, say). The fields are there once beforeAll has run.
 */
export function browserSuite<Extra extends object = object>(
  options: BrowserSuiteOptions & { setUp?: (suite: BrowserSuite) => Promise<Extra> } = {},
): BrowserSuite & Extra {
  const suite = {} as BrowserSuite & Extra;
  beforeAll(async () => {
    suite.server = await startE2eServer(
      typeof options.env === 'function' ? options.env() : options.env,
    );
    suite.browser = await launchChromium(options.chromiumArgs);
    if (options.setUp) Object.assign(suite, await options.setUp(suite));
  }, options.hookTimeout);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

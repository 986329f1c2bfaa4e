import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchMeetingChromium, ownerSession, type Auth } from '../meeting-helpers';
import { startE2eServer } from './server';

export type MeetingSuite = {
  server: Awaited<ReturnType<typeof startE2eServer>>;
  browser: Browser;
  owner: { auth: Auth; userId: string };
};

/**
 * What every meeting suite starts from: its own e2e server, Chromium with fake media and the demo
 * owner signed in; closed after the suite. The fields are there once beforeAll has run.
 */
export function meetingSuite(env: Record<string, string> = {}): MeetingSuite {
  const suite = {} as MeetingSuite;
  beforeAll(async () => {
    suite.server = await startE2eServer(env);
    suite.browser = await launchMeetingChromium();
    const session = await ownerSession(suite.server.url);
    suite.owner = { auth: session.auth, userId: session.userId };
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  launchMeetingChromium,
  ownerSession,
  signedInContext,
  type Auth,
} from '../meeting-helpers';
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

/**
 * A new world of the suite's owner with a guest of it on a phone-sized page, in the meeting (its
 * attendee list shown).
 */
export async function guestInNewWorld(suite: MeetingSuite, worldName: string, guestName: string) {
  const { url } = suite.server;
  const worldId = await createWorld(url, suite.owner.auth, worldName);
  const link = await guestLink(url, suite.owner.auth, worldId);
  const guest = await guestByApi(url, link.token, guestName);
  const guestContext = await signedInContext(suite.browser, guest.auth, guest.userId, {
    viewport: { width: 375, height: 800 },
  });
  const attendee = await guestContext.newPage();
  await enterMeeting(attendee, url, worldId);
  await attendee.getByRole('heading', { name: /^参加者 \d+人$/ }).waitFor({ timeout: 15_000 });
  return { url, worldId, guest, guestContext, attendee };
}

import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  MEDIA_FLAGS,
  openPanel,
  ownerSession,
  recordCaptureTracks,
  saveHallAndStage,
  saveTwoTables,
  signedInContext,
  streamTheStage,
  type Auth,
} from '../meeting-helpers';
import { type BrowserSuite, browserSuite, type BrowserSuiteOptions } from './browser-suite';
import type { BrowserContext } from 'playwright-core';

export type MeetingSuite = BrowserSuite & { owner: { auth: Auth; userId: string } };

/**
 * What every meeting suite starts from: its own e2e server, Chromium with fake media and the demo
 * owner signed in; closed after the suite. The fields are there once beforeAll has run.
 */
export function meetingSuite(env: BrowserSuiteOptions['env'] = {}): MeetingSuite {
  return browserSuite({
    env,
    chromiumArgs: MEDIA_FLAGS,
    setUp: async ({ server }) => {
      const session = await ownerSession(server.url);
      return { owner: { auth: session.auth, userId: session.userId } };
    },
  });
}

/**
 * The owner's own browser, signed in anew: a page rotates its client's token (ADR 002),
 * so sharing the suite's client would end the suite's API session 30 s after the page's first
 * request.
 */
export async function signedInOwner(
  suite: MeetingSuite,
  options: Parameters<typeof signedInContext>[3] = {},
): Promise<BrowserContext> {
  const session = await ownerSession(suite.server.url);
  return signedInContext(suite.browser, session.auth, session.userId, options);
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
  await openPanel(attendee, '参加者');
  await attendee.getByRole('heading', { name: /^参加者 \d+人$/ }).waitFor({ timeout: 15_000 });
  return { url, worldId, guest, guestContext, attendee };
}

/**
 * A new world of the suite's owner with a hall and a stage (ADR 026), the owner on the stage in a
 * wide page streaming it from the 「ライブ配信」 panel; `link` lets guests in, `open` gives another
 * person such a page.
 */
export async function ownerStreamsTheStage(suite: MeetingSuite, worldName: string) {
  const { url } = suite.server;
  const auth = suite.owner.auth;
  const worldId = await createWorld(url, auth, worldName);
  const stageId = await saveHallAndStage(url, auth, worldId, '配信会場');
  const link = await guestLink(url, auth, worldId);
  // Each page records its capture tracks (liveCaptureKinds tells which are live).
  const open = async (person: { auth: Auth; userId: string } | 'owner') => {
    const viewport = { width: 1000, height: 900 };
    const context =
      person === 'owner'
        ? await signedInOwner(suite, { viewport })
        : await signedInContext(suite.browser, person.auth, person.userId, { viewport });
    await recordCaptureTracks(context);
    return context.newPage();
  };

  const owner = await open('owner');
  await enterMeeting(owner, url, worldId);
  const panel = await streamTheStage(owner);
  return { url, worldId, stageId, link, owner, panel, open };
}

/**
 * A new world of the suite's owner laid out as a hall and two tables, テーブルA and テーブルB, of
 * `capacity` seats each, and the token of a guest link to it.
 */
export async function worldWithTwoTables(suite: MeetingSuite, worldName: string, capacity = 4) {
  const { url } = suite.server;
  const worldId = await createWorld(url, suite.owner.auth, worldName);
  await saveTwoTables(url, suite.owner.auth, worldId, capacity);
  return { worldId, token: (await guestLink(url, suite.owner.auth, worldId)).token };
}

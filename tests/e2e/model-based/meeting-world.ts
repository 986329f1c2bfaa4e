// What the meeting and devices paths (meeting.model.ts, devices.model.ts) run in: the demo owner
// signed in through storage, a fresh world per path, its gate, and the browser's media answers
// replaced where a path needs a refusal (Chromium's fake camera and microphone otherwise).
import type { Page } from 'playwright-core';
import { createWorld, ownerSession, type Auth } from '../meeting-helpers';

export interface MeetingSuite {
  url: string;
  owner: { auth: Auth; userId: string };
}

export interface MeetingWorld {
  page: Page;
  url: string;
  suite: MeetingSuite;
  /** Made by the path's first action: each path its own world, so that meetings do not mix. */
  worldId: string | null;
}

export async function meetingSuite(url: string): Promise<MeetingSuite> {
  const session = await ownerSession(url);
  return { url, owner: { auth: session.auth, userId: session.userId } };
}

export const meetingWorld = ({
  page,
  url,
  suite,
}: {
  page: Page;
  url: string;
  suite: MeetingSuite;
}): MeetingWorld => ({ page, url, suite, worldId: null });

/** How the browser answers for the camera and microphone in this path. */
export type MediaAnswer =
  /** Chromium's fake devices, no prompt. */
  | 'fake'
  /** The visitor presses "block" in the prompt (a NotAllowedError after a person's delay). */
  | 'refused'
  /** The site is blocked in the browser's settings: the Permissions API says denied. */
  | 'blocked';

/** Signed in as the owner of a new world, on its gate, with the media answer of the path. */
export async function openGate(world: MeetingWorld, answer: MediaAnswer = 'fake') {
  const { page, suite, url } = world;
  world.worldId ??= await createWorld(url, suite.owner.auth, `モデル ${Date.now() % 100000}`);
  const context = page.context();
  await context.addInitScript(
    ([token, client, uid, id]) => {
      if (localStorage.getItem('authAccessToken')) return;
      localStorage.setItem('authAccessToken', token);
      localStorage.setItem('authClient', client);
      localStorage.setItem('authUid', uid);
      localStorage.setItem('userId', id);
    },
    [
      suite.owner.auth['access-token'],
      suite.owner.auth.client,
      suite.owner.auth.uid,
      suite.owner.userId,
    ] as const,
  );
  if (answer === 'refused')
    await context.addInitScript(() => {
      // Later than any browser's own refusal: the app takes it for the visitor's answer.
      navigator.mediaDevices.getUserMedia = () =>
        new Promise((_, reject) =>
          setTimeout(() => reject(new DOMException('Permission denied', 'NotAllowedError')), 600),
        );
    });
  if (answer === 'blocked')
    await context.addInitScript(() => {
      const query = navigator.permissions.query.bind(navigator.permissions);
      navigator.permissions.query = (descriptor) =>
        ['camera', 'microphone'].includes(descriptor.name)
          ? Promise.resolve({ state: 'denied' } as PermissionStatus)
          : query(descriptor);
    });
  await page.goto(`${url}/worlds/${world.worldId}/gate`);
}

export const gatePath = (world: MeetingWorld) => `/worlds/${world.worldId}/gate`;

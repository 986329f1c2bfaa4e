// The page half of npm run bench:insights (issue 28: "the page's charts drawn within 1 s at 4×
// CPU throttling"): the owner's insights page in Chromium with its CPU slowed 4× by the DevTools
// protocol, on the product serving the bench's database. Each round loads the page afresh and
// picks a day: a day with nobody (the baseline: the page, its query and the empty message) and the
// event's day (the query of 100,000 actions' event and its charts and tables), alternately so that
// the machine's noise hits both alike (ADR 005).
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/e2e/support/server';
import { ownerSession, signedInContext } from '../tests/e2e/meeting-helpers';
import { median } from './support';

/** Loads the insights page afresh, picks `day`, and answers the ms until `drawn` holds. */
async function timeDay(page: Page, url: string, day: string, drawn: (page: Page) => Promise<void>) {
  await page.goto(url);
  const input = page.getByLabel('日付');
  await input.waitFor();
  // The page's own clock: from the pick to the drawing, without the test driver's round trips.
  await page.evaluate(() => {
    (window as unknown as { picked: number }).picked = 0;
    document.addEventListener(
      'input',
      () => {
        (window as unknown as { picked: number }).picked = performance.now();
      },
      { capture: true, once: true },
    );
  });
  await input.fill(day);
  await drawn(page);
  return page.evaluate(() => performance.now() - (window as unknown as { picked: number }).picked);
}

export async function measureInsightsPage(options: {
  baseUrl: string;
  worldId: string;
  eventDay: string;
  emptyDay: string;
  rounds: number;
}) {
  const owner = await ownerSession(options.baseUrl);
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, owner.auth, owner.userId, {
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const url = `${options.baseUrl}/mypage/worlds/${options.worldId}/insights`;
    const empty = (p: Page) => p.getByText('この日の参加記録はありません。').waitFor();
    const event = async (p: Page) => {
      await p.locator('[data-testid="attendance-chart"] canvas').waitFor({ timeout: 60_000 });
      await p.getByRole('table', { name: /スペースごと/ }).waitFor();
    };
    // A first round of each warms the server's and the browser's caches; not counted.
    await timeDay(page, url, options.emptyDay, empty);
    await timeDay(page, url, options.eventDay, event);
    const [emptyMs, eventMs] = [[], []] as [number[], number[]];
    for (let r = 0; r < options.rounds; r += 1) {
      emptyMs.push(await timeDay(page, url, options.emptyDay, empty));
      eventMs.push(await timeDay(page, url, options.eventDay, event));
    }
    const ms = (values: number[]) => Number(median(values).toFixed(1));
    return { emptyDayMedianMs: ms(emptyMs), eventDayMedianMs: ms(eventMs) };
  } finally {
    await browser.close();
  }
}

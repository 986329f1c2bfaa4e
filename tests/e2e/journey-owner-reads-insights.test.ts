import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api';
import { reserveDates } from './support/reserve';
import { tokyoDay } from './support/tokyo-time';
import { meetingSuite, worldWithTwoTables, signedInOwner } from './support/meeting-suite';
import { enterMeeting, guestByApi, signedInContext } from './meeting-helpers';

// Journey (issue 28, docs/product.md "Insights", ADR 033): two guests enter, move between tables
// and switch the microphone off and on; one closes the tab. Their browsers upload what they did
// (the minute's batch, the closing tab's last one); the owner opens the insights from the world's
// page and reads 2 people, a peak of 2, the tables and the actions, and downloads them as CSV.
const suite = meetingSuite({ REALTIME_HEARTBEAT_SECONDS: '2' });

const [AKI, BEN] = ['インサイト秋', 'インサイト弁'];
let worldId = '';
let token = '';

/** The event's reserved date (starts before the guests come) and a later one nobody came to. */
let laterStart = 0;

beforeAll(async () => {
  ({ worldId, token } = await worldWithTwoTables(suite, 'E2E インサイト会場'));
  const eventStart = Date.now() + 4_000;
  laterStart = eventStart + 2 * 3_600_000;
  await reserveDates(suite.server.url, suite.owner.auth, worldId, [
    { start: eventStart, minutes: 60, capacity: 10 },
    { start: laterStart, minutes: 60, capacity: 10 },
  ]);
  await new Promise((r) => setTimeout(r, eventStart - Date.now() + 200));
});

async function guestIn(name: string) {
  const guest = await guestByApi(suite.server.url, token, name);
  const context = await signedInContext(suite.browser, guest.auth, guest.userId);
  const page = await context.newPage();
  await enterMeeting(page, suite.server.url, worldId);
  return page;
}

async function moveTo(page: Page, table: string) {
  await page.getByRole('button', { name: `「${table}」に移動` }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `いまいる場所: ${table}` })
    .waitFor({ timeout: 20_000 });
}

async function switchMic(page: Page, on: boolean) {
  const mic = page.getByRole('region', { name: '会議の操作' }).getByRole('button', {
    name: 'マイク',
    exact: true,
  });
  await mic.click();
  await expect.poll(() => mic.getAttribute('aria-pressed')).toBe(String(on));
}

/** The actions counted today so far, from the owner's aggregate. */
async function actionCounts() {
  const from = new Date(Date.now() - 86_400_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const res = await api(
    suite.server.url,
    `/api/mypage/worlds/${worldId}/user_actions/aggregate?from=${from}&to=${to}`,
    { headers: suite.owner.auth },
  );
  const items = res.json.items as { actionType: string; count: number }[];
  return Object.fromEntries(items.map((i) => [i.actionType, i.count]));
}

describe('journey: the owner reads what happened at the event', () => {
  // The minute's upload is waited for: up to 90 s of the test's time.
  it(
    'two guests’ visits show as 2 people, a peak of 2, the tables and the actions, and as CSV',
    { timeout: 180_000 },
    async () => {
      const [aki, ben] = [await guestIn(AKI), await guestIn(BEN)];
      await moveTo(aki, 'テーブルA');
      await moveTo(ben, 'テーブルA');
      await switchMic(aki, false);
      await switchMic(aki, true);
      await moveTo(aki, 'テーブルB');

      // 弁 closes the tab: its last batch goes on pagehide.
      await ben.close({ runBeforeUnload: true });
      await expect
        .poll(async () => (await actionCounts())['world.left'] ?? 0, { timeout: 15_000 })
        .toBe(1);
      // 秋 stays: the minute's batch brings the rest.
      await expect
        .poll(async () => (await actionCounts())['mic.on'] ?? 0, {
          timeout: 90_000,
          interval: 2_000,
        })
        .toBe(1);
      expect(await actionCounts()).toEqual({
        'world.entered': 2,
        'space.moved': 3,
        'mic.off': 1,
        'mic.on': 1,
        'world.left': 1,
      });

      const ownerContext = await signedInOwner(suite);
      const owner = await ownerContext.newPage();
      await owner.goto(`${suite.server.url}/mypage/worlds/${worldId}`);
      await owner.getByRole('link', { name: 'インサイト' }).click();
      await owner.getByRole('heading', { name: 'インサイト', level: 1 }).waitFor();

      const summary = owner.getByRole('definition');
      const figure = async (term: string) =>
        (
          await owner
            .locator('dt', { hasText: new RegExp(`^${term}$`) })
            .locator('xpath=following-sibling::dd')
            .textContent()
        )?.trim();
      await summary.first().waitFor({ timeout: 15_000 });
      expect(await figure('人数')).toBe('2人');
      expect(await figure('最大同時接続')).toMatch(/^2人/);

      const spaces = owner.getByRole('table', { name: /スペースごと/ });
      const row = (table: typeof spaces, name: string) =>
        table.getByRole('row').filter({ has: owner.getByRole('rowheader', { name }) });
      expect(await row(spaces, 'テーブルA').getByRole('cell').first().textContent()).toBe('2人');
      expect(await row(spaces, 'テーブルB').getByRole('cell').first().textContent()).toBe('1人');

      const actions = owner.getByRole('table', { name: /操作ごと/ });
      expect(await row(actions, 'マイクオフ').getByRole('cell').first().textContent()).toMatch(
        /^1回/,
      );
      expect(await row(actions, 'スペース移動').getByRole('cell').first().textContent()).toMatch(
        /^3回/,
      );
      // The chart is drawn (uPlot, loaded with this page) and its table is a click away.
      await owner.locator('[data-testid="attendance-chart"] canvas').waitFor();
      await owner.getByText(/表で見る/).click();
      await owner.getByRole('table', { name: /参加者数の推移/ }).waitFor();

      const [download] = await Promise.all([
        owner.waitForEvent('download'),
        owner.getByRole('button', { name: '操作ログをCSVでダウンロード' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^user-actions_.*\.csv$/);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
      expect(lines[0]).toBe('日時,操作,ユーザーID,ユーザー名');
      expect(lines).toHaveLength(1 + 8);
      expect(lines.filter((l) => l.includes(AKI) && l.includes(',mic.off,'))).toHaveLength(1);
      expect(lines.filter((l) => l.includes(BEN) && l.includes(',world.left,'))).toHaveLength(1);

      // A reserved date instead of a day: the later one, which nobody came to, shows its own day
      // and no one; the event's shows the two guests again.
      const reserved = owner.getByLabel('予約した日程');
      await reserved.selectOption({ index: 2 });
      await owner.getByText('この日の参加記録はありません。').waitFor();
      expect(await owner.getByLabel('日付').inputValue()).toBe(tokyoDay(laterStart));
      await reserved.selectOption({ index: 1 });
      await summary.first().waitFor();
      expect(await figure('人数')).toBe('2人');
      await ownerContext.close();
      await aki.context().close();
    },
  );
});

// npm run bench:requests: how many /api requests each navigation on the world pages makes, and
// how many of them wait for another (a waterfall), in Chromium against the real server and the
// built app (`npx vite build` first). The demo owner signs in, opens /mypage/worlds, then moves
// through one world and its sub-pages by clicking links, as a person would (client-side
// navigations, so that a cache can help), and comes back to the world by the back button.
//   requests: /api requests started between the click and the page settling;
//   depth:    the longest chain of requests where each started only after the previous one had
//             answered (1: all in parallel; 2: a waterfall of two);
//   settled:  ms from the click until no /api request was in flight for QUIET_MS.
// Run it on two builds (before and after a change) to compare; the figures are this build's.
import type { Page, Request } from 'playwright-core';
import { demoAccount } from '../server/app/seed';
import { launchChromium, startE2eServer } from '../tests/e2e/support/server';

const QUIET_MS = 400;

type Timed = { url: string; start: number; end: number };

/** The longest chain of requests in which each one started after the one before had ended. */
function depth(requests: Timed[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const chain = new Map<Timed, number>();
  for (const r of sorted) {
    const before = sorted.filter((p) => p !== r && p.end <= r.start).map((p) => chain.get(p) ?? 1);
    chain.set(r, 1 + Math.max(0, ...before));
  }
  return Math.max(0, ...chain.values());
}

/** Records /api requests from now until none has been in flight for QUIET_MS. */
async function measure(page: Page, act: () => Promise<unknown>) {
  const started = Date.now();
  const inFlight = new Map<Request, number>();
  const done: Timed[] = [];
  let lastChange = Date.now();
  const onRequest = (request: Request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    inFlight.set(request, Date.now());
    lastChange = Date.now();
  };
  const onEnd = (request: Request) => {
    const start = inFlight.get(request);
    if (start === undefined) return;
    inFlight.delete(request);
    // Ids shortened, so that the rows read alike from run to run.
    const url = new URL(request.url()).pathname.replace(/[0-9a-f-]{36}/g, ':id');
    done.push({ url, start, end: Date.now() });
    lastChange = Date.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  await act();
  while (inFlight.size > 0 || Date.now() - lastChange < QUIET_MS)
    await new Promise((r) => setTimeout(r, 20));
  page.off('request', onRequest);
  page.off('requestfinished', onEnd);
  page.off('requestfailed', onEnd);
  return {
    requests: done.length,
    depth: depth(done),
    settledMs: lastChange - started,
    urls: done.map((r) => r.url),
  };
}

const server = await startE2eServer();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
  await page.goto(`${server.url}/signin`);
  await page.getByLabel(/^メールアドレス/).fill(demoAccount.email);
  await page.getByLabel(/^パスワード/).fill(demoAccount.password);
  const link = (name: string) => page.getByRole('link', { name, exact: true }).first();
  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const back = () => page.goBack();

  const steps: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
    [
      'sign in → /mypage/worlds',
      () => page.getByRole('button', { name: 'ログイン' }).click(),
      () => heading('ワールド一覧').waitFor(),
    ],
    ['→ a world', () => link('デモワールド').click(), () => heading('デモワールド').waitFor()],
    ['→ メンバー', () => link('メンバー').click(), () => page.waitForURL(/section=members/)],
    ['→ ゲスト', () => link('ゲスト').click(), () => page.waitForURL(/section=guests/)],
    [
      '→ 入場ページの案内',
      () => link('入場ページの案内').click(),
      () => page.waitForURL(/section=enter-page/),
    ],
    ['→ アンケート', () => link('アンケート').click(), () => heading('アンケート').waitFor()],
    ['← back to the world', back, () => page.waitForURL(/section=enter-page/)],
    [
      '→ イベントのお知らせ',
      () => link('イベントのお知らせ').click(),
      () => heading('イベントのお知らせ').waitFor(),
    ],
    ['← back to the world', back, () => page.waitForURL(/section=enter-page/)],
    ['→ 招待用の画面', () => link('招待用の画面').click(), () => page.waitForURL(/invitation$/)],
    ['← back to the world', back, () => page.waitForURL(/section=enter-page/)],
    ['→ 概要', () => link('概要').click(), () => page.waitForURL(/worlds\/[^/?]+$/)],
    ['→ 編集', () => link('編集').click(), () => page.waitForURL(/edit$/)],
  ];

  const rows = [];
  for (const [name, act, arrived] of steps) {
    const figures = await measure(page, async () => {
      await act();
      await arrived();
    });
    rows.push({ navigation: name, ...figures });
  }
  const total = rows.reduce((sum, r) => sum + r.requests, 0);
  console.log('\n/api requests per navigation (this build)\n');
  for (const r of rows)
    console.log(
      `${r.navigation.padEnd(28)} requests ${String(r.requests).padStart(2)}  depth ${r.depth}  ` +
        `settled ${String(r.settledMs).padStart(5)} ms  ${r.urls.join(' ')}`,
    );
  console.log(
    `\ntotal: ${total} requests over ${rows.length} navigations; ` +
      `largest depth ${Math.max(...rows.map((r) => r.depth))}`,
  );
} finally {
  await browser.close();
  await server.stop();
}

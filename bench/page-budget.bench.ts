// npm run bench:page: what a first visit to /signin costs, on the built app (`npx vite build`
// first) served by the real server, in Chromium at 4× CPU throttling (CDP), a fresh context per
// run (nothing cached):
//   JavaScript: the gzip size of every script loaded until the sign-in form is on screen and the
//               network is idle (gzipped here, level 9, whether or not the server compressed);
//   LCP:        the largest-contentful-paint entry at that moment, median of BENCH_ROUNDS runs.
// The baseline, measured in the same browser and alternated with the app so machine noise hits
// both alike: a static page with the same heading, font stack and styles and no script, i.e. the
// LCP of painting that page at all. Budget (issue 12): <= 150 KiB and <= 1,000 ms.
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startE2eServer } from '../tests/e2e/support/server';
import { median } from './support';

const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const budget = { kib: 150, lcpMs: 1000 };

const baselineHtml = `<!doctype html><html lang="ja"><head><meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>ログイン</title>
<style>:root{color:#1f2328;background:#fff;font-family:system-ui,-apple-system,'Hiragino Sans','Hiragino Kaku Gothic ProN','Noto Sans JP',Meiryo,sans-serif;line-height:1.7}
body{margin:0}main{max-width:28rem;margin:0 auto;padding:2rem 1rem}h1{font-size:clamp(1.5rem,6vw,2.25rem);line-height:1.4}</style>
</head><body><main><h1>ログイン</h1><p>メールアドレス</p><p>パスワード</p></main></body></html>`;

/** Collects LCP candidates from the first paint on; read once the page has settled. */
const observeLcp = `window.__lcp = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__lcp = entry.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

type Visit = { lcpMs: number; scripts: { url: string; gzipBytes: number }[] };

async function visit(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  html?: string,
) {
  const context = await browser.newContext();
  // The baseline is answered by the browser itself, at the app's origin, without a server hop.
  if (html)
    await context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  const page = await context.newPage();
  await page.addInitScript(observeLcp);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const bodies: Promise<{ url: string; gzipBytes: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body).length })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  // Let the observer deliver the last candidate before reading it.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  const scripts = await Promise.all(bodies);
  await context.close();
  return { lcpMs, scripts } satisfies Visit;
}

const kib = (bytes: number) => bytes / 1024;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const server = await startE2eServer();
const browser = await launchChromium();
try {
  const app: Visit[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < rounds; round++) {
    app.push(
      await visit(browser, `${server.url}/signin`, (page) =>
        page.getByRole('heading', { name: 'ログイン' }).waitFor(),
      ),
    );
    const page = await visit(browser, `${server.url}/__baseline`, async () => {}, baselineHtml);
    baseline.push(page.lcpMs);
  }
  const first = app[0]!;
  const bytes = first.scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  const lcp = median(app.map((v) => v.lcpMs));
  const base = median(baseline);
  console.log(`/signin, ${rounds} runs at 4× CPU throttling (fresh context each run)`);
  for (const s of [...first.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(`  ${fmt(kib(s.gzipBytes), 1).padStart(6)} KiB  ${new URL(s.url).pathname}`);
  console.log(
    `JavaScript before /signin settles: ${fmt(kib(bytes), 1)} KiB gzip in ${first.scripts.length} files (budget ${budget.kib} KiB)`,
  );
  console.log(
    `LCP median: ${fmt(lcp)} ms (min ${fmt(Math.min(...app.map((v) => v.lcpMs)))}, max ${fmt(Math.max(...app.map((v) => v.lcpMs)))}; budget ${fmt(budget.lcpMs)} ms)`,
  );
  console.log(
    `Baseline (static page, same heading and fonts, no script): LCP median ${fmt(base)} ms; ratio app/baseline ${fmt(lcp / base, 2)}`,
  );
  const within = kib(bytes) <= budget.kib && lcp <= budget.lcpMs;
  console.log(within ? 'Within budget.' : 'OVER BUDGET.');
} finally {
  await browser.close();
  await server.stop();
}

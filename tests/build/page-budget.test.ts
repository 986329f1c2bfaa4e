// The JavaScript a first visit to each route downloads before it can render: the entry chunk
// (index.html) and the route's page chunk, each with its static imports, gzipped (level 9), read
// from the built app's Vite manifest (`npx vite build` first; npm test builds before the tests).
// A route over its budget fails: split the new weight out (a dynamic import where it is needed)
// or raise the budget here on purpose. `npm run bench:page` measures /signin in a browser.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../../dist', import.meta.url));
const manifestPath = join(dist, '.vite/manifest.json');

type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, Chunk>;

/**
 * KiB of gzip per page module: the sizes measured 2026-11-24 with a little headroom, after the
 * root stopped carrying the cart's rules, TanStack Query and classic zod
 * (docs/decisions/018-page-budget.md). /signin holds issue 12's target, 150 KiB.
 */
const defaultBudgetKiB = 158;
// The route table loads the guest entry, layout editor and payments pages with the actors src/app
// starts for them (ADR 042): the entry chunk 111.31 -> 111.58, which put three pages 0.1-0.2 over.
const budgetsKiB: Record<string, number> = {
  'src/views/pages/sign-in-page.tsx': 150,
  'src/views/pages/mypage-account-page.tsx': 158.5,
  'src/views/pages/event-edit-page.tsx': 169,
  'src/views/pages/event-new-page.tsx': 168,
  // Payments awaiting authentication listed with 認証を続ける and 取り消す (ADR 031): 171 -> 172.
  // コンビニ払い vouchers waiting for the store listed with their numbers (ADR 037): 174.3.
  'src/views/pages/payments-page.tsx': 175,
  'src/views/pages/public-event-page.tsx': 168,
  'src/views/pages/questionnaire-page.tsx': 175,
  'src/views/pages/questionnaires-page.tsx': 171,
  'src/views/pages/receipt-page.tsx': 169,
  // Its sections name their queries and calls (src/services/api/<area>-queries.ts, issue #27):
  // 181.3 -> 182.2, the factories' wrappers and the operations of a module a section does not use.
  // The link to the insights (issue 28; its page and uPlot load apart): 183.1 measured.
  // The cancel dialog names the refund under the cancellation policy (ADR 036): 183.1.
  'src/views/pages/world-detail-page.tsx': 184.5,
  'src/views/pages/world-edit-page.tsx': 168.5,
  'src/views/pages/world-invitation-page.tsx': 172,
  // The recording control (ADR 025), the live stream panel (ADR 026), their statecharts and the
  // virtual background picker (ADR 024); 182.1 -> 183.6 with uploading one's own backgrounds
  // (its calls imported when used) and the guests' badges in the attendee rows.
  // The chat (ADR 029): its statechart, selectors and calls start with the world's actors, the
  // button and notices are on the page (184.8 -> 188.2); the panel itself loads when opened.
  // The world as a place (issue #30, ADR 030: at most 189 + 20): the toolbar, the side panels,
  // the settings dialog, the people on the map and their speaking rings, 188.2 -> 190.0.
  // The world's announcement (banner and form) and mute all (issue #26, ADR 035): measured
  // 191.6; the questions panel loads when opened. Seats left, 空いたら知らせる, the map list's
  // arrow keys and the leave beacon: 192.6. Reactions, the hand (its statechart) and status
  // (ADR 034): 3.3 more on their own branch.
  'src/views/pages/world-meeting-page.tsx': 197,
  'src/views/pages/world-new-page.tsx': 165,
  // Its world and calendar through the query cache (ADR 013): TanStack Query, which the page's
  // QueryScope loaded beside it anyway, now counts as the page's own.
  // The pending payments, the 特定商取引法 final confirmation and its countdown (ADR 031):
  // 173 -> 175.5. The cancellation policy (ADR 036) in the confirmation: 176.1.
  // コンビニ払い (ADR 037): its choice, the voucher and its statechart branch: 177.7. The fixed
  // plans and invoices load after checkout; their lazy import and loading state: 178.1. Reserving
  // with a fixed plan and asking for an invoice (issue 29): 179.0.
  'src/views/pages/world-payment-page.tsx': 179.5,
};

/** The chunks `key` needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** KiB of gzip of the entry's and the page's chunks together (shared chunks counted once). */
function initialKiB(manifest: Manifest, page: string, sizeOf: (file: string) => number) {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const keys = staticClosure(manifest, page, staticClosure(manifest, entry));
  let bytes = 0;
  for (const key of keys) bytes += sizeOf(manifest[key]!.file);
  return bytes / 1024;
}

describe('initial JavaScript per route', () => {
  it('counts shared chunks once and follows static imports only', () => {
    const manifest: Manifest = {
      'index.html': { file: 'index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'react.js' },
      'page.tsx': { file: 'page.js', imports: ['_react.js', '_form.js'] },
      '_form.js': { file: 'form.js' },
    };
    const sizes: Record<string, number> = { 'index.js': 1024, 'react.js': 2048, 'page.js': 512 };
    expect(initialKiB(manifest, 'page.tsx', (f) => sizes[f] ?? 512)).toBe(4);
  });

  it('keeps every page within its budget', { timeout: 60_000 }, () => {
    expect(existsSync(manifestPath), 'no dist/.vite/manifest.json: run `npx vite build`').toBe(
      true,
    );
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const sizes = new Map<string, number>();
    const gzipped = (file: string) => {
      if (!sizes.has(file))
        sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
      return sizes.get(file)!;
    };
    const pages = Object.keys(manifest).filter((key) => key.startsWith('src/views/pages/'));
    expect(pages.length).toBeGreaterThan(20);
    const over = pages
      .map((page) => ({
        page,
        kib: Math.round(initialKiB(manifest, page, gzipped) * 10) / 10,
        budget: budgetsKiB[page] ?? defaultBudgetKiB,
      }))
      .filter(({ kib, budget }) => kib > budget);
    expect(over).toEqual([]);
  });
});

// Model-based end-to-end tests, generated: for every mapping file `<machine>.model.ts` here, the
// machine's paths (the ids of `npm run qa:paths`) that cover its transitions run in Chromium
// against the real server and the built app. A new mapping file joins by existing.
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverMachines, loadMachine } from '../../paths/coverage';
import { generatePaths } from '../../paths/generate';
import { transitions } from '../../paths/model';
import { planPaths } from '../../paths/plan';
import { launchChromium, startE2eServer } from '../support/server';
import { selectPaths, type E2eModel } from './model';

const files = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.model.ts'))
  .sort();
const models = await Promise.all(
  files.map(async (file) => {
    const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as {
      model?: E2eModel<unknown, unknown>;
    };
    if (!module.model) throw new Error(`${file} has no "model" export`);
    return module.model;
  }),
);
const machines = discoverMachines();
const unmapped = machines
  .map((m) => m.name)
  .filter((name) => !models.some((model) => model.machine === name));

let server: Awaited<ReturnType<typeof startE2eServer>>;
// One browser per set of flags (the meeting models need fake media), launched when first used.
const browsers = new Map<string, Promise<Browser>>();
function browserFor(args: readonly string[] = []): Promise<Browser> {
  const key = args.join(' ');
  let browser = browsers.get(key);
  if (!browser) {
    browser = launchChromium([...args]);
    browsers.set(key, browser);
  }
  return browser;
}

/** Where the page was and the start of its visible text, for a failure read in a CI log. */
async function onScreen(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch((error: unknown) => `(本文を読めませんでした: ${String(error)})`);
  return `画面: ${page.url()}\n本文: ${text.replace(/\s+/g, ' ').trim().slice(0, 300)}`;
}

// Start-up (migrations on a fresh database) has taken 40 s on a loaded machine.
const START_TIMEOUT = 120_000;
beforeAll(async () => {
  server = await startE2eServer();
}, START_TIMEOUT);
afterAll(async () => {
  for (const browser of browsers.values()) await (await browser).close();
  await server?.stop();
  if (unmapped.length)
    console.log(
      `model-based: no mapping yet for ${unmapped.join(', ')} (add tests/e2e/model-based/<machine>.model.ts)`,
    );
});

for (const model of models) {
  const entry = machines.find((m) => m.name === model.machine);
  if (!entry)
    throw new Error(`${model.machine}.model.ts: no src/machines/${model.machine}.machine.ts`);
  const loaded = await loadMachine(entry);
  const plan = planPaths(loaded, generatePaths(loaded.machine, loaded.config), { strategy: 'all' });
  const selection = await selectPaths(
    model,
    loaded,
    plan.paths.map((p) => ({ id: p.id, path: p.path })),
  );
  const all = transitions(loaded.machine, loaded.config.labels);
  const passed = new Set<string>();

  describe(`${loaded.config.labels.machine}（${model.machine}）model-based`, () => {
    let suite: unknown;
    beforeAll(async () => {
      suite = await model.suite(server.url);
    }, START_TIMEOUT);
    afterAll(async () => {
      if (suite !== undefined) await model.teardown?.(suite);
    });

    it.each(selection.run.map((run) => ({ ...run, name: `${run.id}: ${run.path.description}` })))(
      '$name',
      async (run) => {
        const browser = await browserFor(model.browserArgs);
        const context = await browser.newContext({ locale: 'ja-JP' });
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        try {
          const world = model.world({ page, url: server.url, suite });
          for (const [i, step] of run.steps.entries()) {
            const where = `手順 ${i + 1}「${step.rule.name}」: ${step.text}`;
            try {
              await step.rule.run(world, step.events);
              for (const state of step.checks) await model.states[state]?.(world, step.end);
            } catch (error) {
              // What the screen showed, for whoever reads the failure (test-results/ is not committed).
              mkdirSync('test-results/model-based', { recursive: true });
              await page
                .screenshot({
                  path: `test-results/model-based/${model.machine}-${run.id}.png`,
                  fullPage: true,
                })
                .catch(() => {});
              throw new Error(
                `${where}\n${error instanceof Error ? error.message : String(error)}\n${await onScreen(page)}`,
                { cause: error },
              );
            }
          }
          for (const key of run.transitions) passed.add(key);
        } finally {
          await context.close();
        }
      },
    );

    it('covers in the browser every transition the UI can reach, and says which it cannot', () => {
      const label = (key: string) => all.find((t) => t.key === key)?.label ?? key;
      const uncovered = all.filter((t) => !passed.has(t.key));
      const lines = [
        `\nmodel-based ${model.machine}: ${selection.run.length} paths run, transitions covered ${passed.size}/${all.length}（${Math.floor((passed.size / all.length) * 1000) / 10}%）`,
        ...uncovered.map((t) => `  未カバー: ${t.label}`),
        `  skipped ${[...selection.skipped.values()].reduce((n, ids) => n + ids.length, 0)} of ${plan.paths.length} paths, by the first step nothing maps:`,
        ...[...selection.skipped]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(
            ([reason, ids]) =>
              `    ${reason}  (${ids.length}: ${ids.slice(0, 4).join(' ')}${ids.length > 4 ? ' …' : ''})`,
          ),
        ...(model.notes ?? []).map((note) => `  注: ${note}`),
      ];
      console.log(lines.join('\n'));

      expect([...selection.reachable].filter((key) => !passed.has(key)).map(label)).toEqual([]);
    });
  });
}

// What the world-page journeys check of the place (issue 30, ADR 030): where things are drawn,
// what is in the first screen, and what axe-core finds.
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type Box = { x: number; y: number; width: number; height: number };

/** `inner` lies wholly inside `outer` (half a pixel of rounding either way). */
function expectInside(inner: Box, outer: Box, what: string) {
  expect(inner.x, `${what} left`).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(inner.y, `${what} top`).toBeGreaterThanOrEqual(outer.y - 0.5);
  expect(inner.x + inner.width, `${what} right`).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  expect(inner.y + inner.height, `${what} bottom`).toBeLessThanOrEqual(
    outer.y + outer.height + 0.5,
  );
}

/** The element's box lies wholly inside the top `bottom` pixels of the window. */
export async function inFirstScreen(page: Page, selector: string, bottom: number) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  expect(box!.y, `${selector} top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${selector} bottom`).toBeLessThanOrEqual(bottom + 0.5);
}

/** Every space of the map is drawn wholly inside the map's room: the whole layout in view. */
export async function wholeLayoutInView(page: Page) {
  const room = (await page.getByRole('group', { name: '会場マップの表示' }).boundingBox())!;
  const spaces = page.locator('.world-map-canvas [data-space-name]');
  expect(await spaces.count()).toBeGreaterThan(0);
  for (const space of await spaces.all())
    expectInside(
      (await space.boundingBox())!,
      room,
      (await space.getAttribute('data-space-name'))!,
    );
}

/** axe-core's violations on the page as it is now, one line each. */
export async function axeViolations(page: Page) {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const engine = (window as unknown as { axe: { run: (c: Document) => Promise<AxeResult> } }).axe;
    type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const result = await engine.run(document);
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}

/** The person `userId` is drawn on `page`'s map wholly inside the space named `space`. */
export async function drawnIn(page: Page, userId: string, space: string) {
  const area = page.locator(`.world-map-canvas [data-space-name="${space}"]`);
  const person = area.locator(`.map-person[data-user-id="${userId}"]`);
  await person.waitFor({ timeout: 20_000 });
  // Drawn once: nowhere else on the map.
  expect(await page.locator(`.map-person[data-user-id="${userId}"]`).count()).toBe(1);
  expectInside((await person.boundingBox())!, (await area.boundingBox())!, `${userId} in ${space}`);
}

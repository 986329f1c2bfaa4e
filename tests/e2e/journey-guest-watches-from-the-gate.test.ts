// Journey (ADR 026): while the owner streams the stage, a guest at the gate is offered to watch it
// instead of entering, with how many watch; the count follows others who start watching (told,
// not read again); pressing it shows the stage without a seat.
import { describe, expect, it } from 'vitest';
import { decodedFrames, guestByApi } from './meeting-helpers';
import { meetingSuite, ownerStreamsTheStage } from './support/meeting-suite';

const suite = meetingSuite();

describe('a guest watches the stage from the gate', () => {
  it('sees the watcher count change and watches without entering', async () => {
    const { url, worldId, link, panel, open } = await ownerStreamsTheStage(suite, 'E2E ゲート視聴');
    const atGate = async (name: string) => {
      const page = await open(await guestByApi(url, link.token, name));
      await page.goto(`${url}/worlds/${worldId}`);
      await page.waitForURL(`${url}/worlds/${worldId}/gate`);
      return page;
    };
    const first = await atGate('ゲート視聴者1');
    await first
      .getByRole('button', { name: 'ステージの配信を視聴する（視聴中 0人）' })
      .waitFor({ timeout: 15_000 });

    // Someone else watches from the gate: the first guest's button says so, unpressed.
    const second = await atGate('ゲート視聴者2');
    await second
      .getByRole('button', { name: /^ステージの配信を視聴する/ })
      .click({ timeout: 15_000 });
    await first
      .getByRole('button', { name: 'ステージの配信を視聴する（視聴中 1人）' })
      .waitFor({ timeout: 10_000 });
    await first.screenshot({ path: 'test-results/gate-watch-button.png', fullPage: true });

    await first.getByRole('button', { name: /^ステージの配信を視聴する/ }).click();
    await first.waitForURL(`${url}/worlds/${worldId}`);
    await expect
      .poll(() => decodedFrames(first, 'デモ主催者さんのカメラ'), { timeout: 45_000 })
      .toBeGreaterThan(0);
    await first.getByText('視聴中です。', { exact: false }).waitFor({ timeout: 20_000 });
    await panel.getByText('視聴中 2人').waitFor({ timeout: 10_000 });
    await first.screenshot({ path: 'test-results/gate-watcher.png', fullPage: true });
  });
});

import { describe, expect, it } from 'vitest';
import { createWorld, ownerSession, signedInContext } from './meeting-helpers';
import { api } from './support/api';
import { browserSuite } from './support/browser-suite';

// Journey (issue #29; docs/product.md, "Presets"): in the layout editor an owner renames a saved
// preset (a blank name refused beside the field) and deletes it after one confirmation.
const suite = browserSuite({
  setUp: async ({ server }) => ({ owner: await ownerSession(server.url) }),
});

describe('journey: the owner manages presets', () => {
  it('renames a preset and deletes it from the layout editor', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E プリセット');
    const created = await api(url, '/api/mypage/presets', {
      method: 'POST',
      headers: suite.owner.auth,
      body: { name: '会議用', layoutId: worldId },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const context = await signedInContext(suite.browser, suite.owner.auth, suite.owner.userId, {
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(`${url}/mypage/worlds/${worldId}`);
    await page.getByRole('link', { name: 'レイアウトを編集' }).click();
    await page.getByRole('heading', { name: 'レイアウトの編集' }).waitFor();

    const own = page.getByRole('list', { name: '自分のプリセット' });
    await own.getByText('会議用').waitFor();
    await own.getByRole('button', { name: 'プリセット「会議用」の名前を変更' }).click();
    const form = page.getByRole('form', { name: 'プリセット「会議用」の名前の変更' });
    const name = form.getByLabel(/^新しいプリセット名/);
    await name.fill('  ');
    await form.getByRole('button', { name: '名前を保存' }).click();
    await form.getByText('入力してください。').first().waitFor();
    await name.fill('会議用 2026');
    await name.press('Enter');
    await page.getByText('プリセット名を「会議用 2026」に変更しました。').waitFor();
    await own.getByText('会議用 2026').waitFor();
    // The picker offers it under its new name.
    await page
      .getByLabel('プリセットを選ぶ')
      .getByRole('option', { name: /^会議用 2026/ })
      .waitFor({ state: 'attached' });

    await own.getByRole('button', { name: 'プリセット「会議用 2026」を削除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
    await page.getByText('プリセット「会議用 2026」を削除しました。').waitFor();
    await page.getByText('保存したプリセットはまだありません。').waitFor();
    const left = await api(url, '/api/mypage/presets', { headers: suite.owner.auth });
    expect(left.json.items.filter((p: { builtIn: boolean }) => !p.builtIn)).toEqual([]);
    await page.screenshot({ path: 'test-results/presets.png', fullPage: true });
    await context.close();
  });
});

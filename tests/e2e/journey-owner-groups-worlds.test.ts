import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { api } from './support/api';
import { demoWorldSuite } from './support/demo-world-suite';

// Journey (issue #29; docs/product.md, "World groups"): an owner groups two worlds on the worlds
// list, finds one from the other's page, renames the group, moves a world out and deletes it.
const suite = demoWorldSuite();

describe('journey: an owner groups worlds', () => {
  it('groups two worlds, finds one from the other, renames, moves and deletes the group', async () => {
    const second = await api(suite.server.url, '/api/mypage/worlds', {
      method: 'POST',
      headers: suite.owner,
      body: { name: '秋の展示会' },
    });
    expect(second.status).toBe(201);
    const page = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${suite.server.url}/signin`);
    await page.getByLabel(/^メールアドレス/).fill(demoAccount.email);
    await page.getByLabel(/^パスワード/).fill(demoAccount.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${suite.server.url}/mypage/worlds`);

    const section = page.getByRole('region', { name: 'ワールドグループ' });
    await section.getByText('まだグループがありません。').waitFor();
    const create = section.getByRole('form', { name: '新しいグループ' });
    // A blank name is refused beside the field, and the ticked worlds stay ticked.
    await create.getByRole('checkbox', { name: '秋の展示会' }).check();
    await create.getByRole('button', { name: 'グループを作成' }).click();
    await create.getByText('入力してください。').first().waitFor();
    expect(await create.getByRole('checkbox', { name: '秋の展示会' }).isChecked()).toBe(true);
    const demoName = (await api(suite.server.url, `/api/mypage/worlds/${suite.worldId}`, {
      headers: suite.owner,
    }).then((r) => r.json.name)) as string;
    await create.getByRole('checkbox', { name: demoName }).check();
    // Typed and sent from the keyboard.
    await create.getByLabel(/^グループ名/).fill('秋のイベント');
    await create.getByLabel(/^グループ名/).press('Enter');
    await section.getByText('グループ「秋のイベント」を作成しました。').waitFor();
    const groupList = section.getByRole('list', { name: '秋のイベントのワールド' });
    await groupList.getByRole('link', { name: '秋の展示会' }).waitFor();

    // From the demo world's page, the group's other world is one link away.
    await groupList.getByRole('link', { name: demoName }).click();
    await page.waitForURL(`${suite.server.url}/mypage/worlds/${suite.worldId}`);
    const same = page.getByRole('list', { name: '同じグループのワールド' });
    await same.getByRole('link', { name: '秋の展示会' }).click();
    await page.waitForURL(`${suite.server.url}/mypage/worlds/${second.json.id}`);
    await page
      .getByRole('list', { name: '同じグループのワールド' })
      .getByRole('link', { name: demoName })
      .waitFor();
    await page.screenshot({ path: 'test-results/same-group-worlds.png', fullPage: true });

    // Renamed, and the second world moved out: its page says it has no group any more.
    await page.goto(`${suite.server.url}/mypage/worlds`);
    await section.getByRole('button', { name: 'グループ「秋のイベント」を変更' }).click();
    const edit = section.getByRole('form', { name: '「秋のイベント」の変更' });
    await edit.getByLabel(/^グループ名/).fill('秋のイベント 2026');
    await edit.getByRole('checkbox', { name: '秋の展示会' }).uncheck();
    await edit.getByRole('button', { name: '変更を保存' }).click();
    await section.getByText('グループ「秋のイベント 2026」を保存しました。').waitFor();
    const renamed = section.getByRole('list', { name: '秋のイベント 2026のワールド' });
    await renamed.getByRole('link', { name: demoName }).waitFor();
    expect(await renamed.getByRole('link', { name: '秋の展示会' }).count()).toBe(0);
    await page.goto(`${suite.server.url}/mypage/worlds/${second.json.id}`);
    await page.getByText('同じグループのワールドはありません。').waitFor();

    // Deleted after one confirmation; the worlds stay.
    await page.goto(`${suite.server.url}/mypage/worlds`);
    await section.getByRole('button', { name: 'グループ「秋のイベント 2026」を削除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
    await section.getByText('グループ「秋のイベント 2026」を削除しました。').waitFor();
    await section.getByText('まだグループがありません。').waitFor();
    expect(
      (await api(suite.server.url, '/api/mypage/worlds', { headers: suite.owner })).json.total,
    ).toBe(2);
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { meetingSuite, signedInOwner, worldWithTwoTables } from './support/meeting-suite';
import { enterMeeting, guestByApi, openPanel, signedInContext } from './meeting-helpers';

// Journey (issue 29, who is where): the owner types part of a guest's name in 参加者, reads which
// table the guest is at, and goes there with one button (the map's move); the answer follows the
// guest's next move. Guests have no search.
const suite = meetingSuite();

describe('journey: the owner finds who is where and joins them', () => {
  it('finds a guest by name, reads their table and moves there', async () => {
    const { url } = suite.server;
    const { worldId, token } = await worldWithTwoTables(suite, 'E2E だれがどこに');
    const guest = await guestByApi(url, token, '探され花子');
    const guestContext = await signedInContext(suite.browser, guest.auth, guest.userId, {
      viewport: { width: 375, height: 800 },
    });
    const visitor = await guestContext.newPage();
    await enterMeeting(visitor, url, worldId);
    await visitor.getByRole('button', { name: '「テーブルB」に移動' }).click();
    const at = (table: string) => ({ hasText: `いまいる場所: ${table}` }) as const;
    await visitor.getByRole('status').filter(at('テーブルB')).waitFor({ timeout: 20_000 });
    await openPanel(visitor, '参加者');
    await visitor.getByRole('heading', { name: /^参加者 \d+人$/ }).waitFor();
    expect(await visitor.getByRole('searchbox', { name: '名前で探す' }).count()).toBe(0);
    // The panel closed again: on a phone it covers the map.
    await visitor
      .getByRole('region', { name: '会議の操作' })
      .getByRole('button', { name: /^参加者/ })
      .click();

    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    await enterMeeting(owner, url, worldId);
    await openPanel(owner, '参加者');
    const search = owner.getByRole('searchbox', { name: '名前で探す' });

    // A name nobody has.
    await search.fill('だれでもない');
    await owner
      .getByText('「だれでもない」という名前の人は見つかりませんでした。')
      .waitFor({ timeout: 15_000 });

    // Part of the guest's name, typed as a person types.
    await search.fill('');
    await search.pressSequentially('花子');
    await owner.getByText('探され花子：テーブルB').waitFor({ timeout: 15_000 });
    await owner.getByRole('button', { name: '探され花子さんのいるテーブルBへ移動' }).click();
    await owner.getByRole('status').filter(at('テーブルB')).waitFor({ timeout: 20_000 });
    await owner
      .getByRole('listitem', { name: '探され花子（ゲスト）' })
      .waitFor({ timeout: 20_000 });

    // Everyone, with no name: the owner now shares the guest's table.
    await search.fill('');
    await owner.getByRole('button', { name: '全員の居場所を表示' }).click();
    await owner.getByText('探され花子：テーブルB').waitFor({ timeout: 15_000 });
    await owner.getByText('同じスペースです').waitFor();

    // The guest moves on: the list the owner reads follows without asking.
    await visitor.getByRole('button', { name: '「テーブルA」に移動' }).click();
    await owner.getByText('探され花子：テーブルA').waitFor({ timeout: 20_000 });
    await owner.getByRole('button', { name: '探され花子さんのいるテーブルAへ移動' }).waitFor();

    await guestContext.close();
    await ownerContext.close();
  });
});

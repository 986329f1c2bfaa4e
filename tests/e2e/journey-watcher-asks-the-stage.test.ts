// Issue 26 item 3 (docs/product.md §4 ステージへの質問): a watcher of the stage asks a question,
// a guest in the hall votes for it, the owner on the stage marks it answered; every page follows
// without a reload.
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { enterMeeting, guestByApi, openPanel } from './meeting-helpers';
import { meetingSuite, ownerStreamsTheStage } from './support/meeting-suite';

const suite = meetingSuite();

const questionOf = (page: Page, author: string) =>
  page
    .getByRole('list', { name: '質問の一覧' })
    .getByRole('listitem', { name: `${author}さんの質問` });

describe('a watcher asks the stage', () => {
  it('is voted for by another and answered by the owner, live on every page', async () => {
    const { url, worldId, link, owner, open } = await ownerStreamsTheStage(suite, 'E2E 質問');
    const watcher = await open(await guestByApi(url, link.token, '質問する人'));
    await enterMeeting(watcher, url, worldId);
    await watcher.getByRole('button', { name: '視聴する' }).click({ timeout: 15_000 });
    await watcher.getByText('視聴中です。', { exact: false }).waitFor({ timeout: 20_000 });
    const voter = await open(await guestByApi(url, link.token, '投票する人'));
    await enterMeeting(voter, url, worldId);
    for (const page of [watcher, voter, owner]) await openPanel(page, '質問');

    // A blank question is refused in Japanese and nothing is listed.
    await watcher.getByRole('button', { name: '質問する' }).click();
    await watcher.getByText('入力してください。', { exact: false }).waitFor();
    await watcher.getByRole('textbox', { name: /^質問/ }).fill('資料はあとで配られますか？');
    await watcher.getByRole('button', { name: '質問する' }).click();
    await watcher.getByRole('status').getByText('質問を送りました。').waitFor();

    const seenByVoter = questionOf(voter, '質問する人');
    await seenByVoter.getByText('資料はあとで配られますか？').waitFor({ timeout: 15_000 });
    // One's own question offers no vote.
    await questionOf(watcher, '質問する人').getByText('投票 0').waitFor();
    if (
      (await questionOf(watcher, '質問する人').getByRole('button', { name: '投票する' }).count()) >
      0
    )
      throw new Error('the asker could vote for their own question');

    await seenByVoter.getByRole('button', { name: '投票する' }).click();
    await seenByVoter.getByRole('button', { name: '投票済み' }).waitFor();
    await questionOf(watcher, '質問する人').getByText('投票 1').waitFor({ timeout: 15_000 });

    const seenByOwner = questionOf(owner, '質問する人');
    await seenByOwner.getByText('投票 1').waitFor({ timeout: 15_000 });
    await seenByOwner.getByRole('button', { name: '回答済みにする' }).click();
    await questionOf(watcher, '質問する人').getByText('回答済み').waitFor({ timeout: 15_000 });
    await seenByVoter.getByText('回答済み').waitFor({ timeout: 15_000 });
  }, 150_000);
});

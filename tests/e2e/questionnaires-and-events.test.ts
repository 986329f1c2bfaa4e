import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { api } from './support/api';
import { demoWorldSuite } from './support/demo-world-suite';
import { tokyo } from './support/tokyo-time';

const suite = demoWorldSuite();

/** A form field by its label; the label also carries a 必須/任意 badge. */
const field = (page: Page | Locator, label: string) =>
  page.getByLabel(new RegExp(`^${label}(必須|任意)?$`));

async function signedInPage(): Promise<Page> {
  // A phone-sized window: the screens are built for 375 px first.
  const page = await suite.browser.newPage({
    viewport: { width: 390, height: 900 },
    acceptDownloads: true,
  });
  await page.goto(`${suite.server.url}/signin`);
  await field(page, 'メールアドレス').fill(demoAccount.email);
  await field(page, 'パスワード').fill(demoAccount.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL(`${suite.server.url}/mypage/worlds`);
  return page;
}

const questionTitles = (page: Page) =>
  page
    .getByRole('list', { name: '質問' })
    .locator(':scope > li .question-heading')
    .allTextContents();

const FREE_TEXT_ANSWER = 'とても楽しかったです。次回も参加します！「①」〜';

describe('questionnaires and event announcements in Chromium on the real server', () => {
  it('builds and publishes a questionnaire, and downloads its answers as CSV with the BOM and the Japanese intact', async () => {
    const page = await signedInPage();
    await page.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}/questionnaires`);
    await page.getByText('まだアンケートがありません').waitFor();

    await field(page, 'タイトル').fill('参加者アンケート');
    await field(page, '説明').fill('ご参加ありがとうございました。');
    await page.getByRole('button', { name: '作成して質問を追加する' }).click();
    await page.waitForURL(
      new RegExp(`/mypage/worlds/${suite.worldId}/questionnaires/[0-9a-f-]{36}$`),
    );
    await page.getByText('アンケート「参加者アンケート」を作成しました。').waitFor();
    const questionnaireId = page.url().split('/').pop()!;

    // A single-choice question, then a free-text one.
    const add = page.getByRole('form', { name: '質問の追加' });
    await field(add, '質問の形式').selectOption('singleChoice');
    await field(add, '質問文').fill('満足度はいかがでしたか？');
    await add.getByLabel('回答を必須にする').check();
    await field(add, '選択肢').fill('満足\n普通\n不満');
    await add.getByRole('button', { name: '質問を追加する' }).click();
    await expect.poll(() => questionTitles(page)).toEqual(['Q1. 満足度はいかがでしたか？必須']);

    await field(add, '質問の形式').selectOption('freeText');
    await expect(field(add, '選択肢').count()).resolves.toBe(0);
    await field(add, '質問文').fill('ご意見をお聞かせください');
    await add.getByRole('button', { name: '質問を追加する' }).click();
    await expect
      .poll(() => questionTitles(page))
      .toEqual(['Q1. 満足度はいかがでしたか？必須', 'Q2. ご意見をお聞かせください']);

    // Reordering from the keyboard: focus stays on the moved question's button.
    const second = page.getByRole('list', { name: '質問' }).locator(':scope > li').nth(1);
    await second.getByRole('button', { name: '上へ' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => questionTitles(page))
      .toEqual(['Q1. ご意見をお聞かせください', 'Q2. 満足度はいかがでしたか？必須']);
    await page.getByText('「ご意見をお聞かせください」を1番目に移動しました。').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('下へ');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => questionTitles(page))
      .toEqual(['Q1. 満足度はいかがでしたか？必須', 'Q2. ご意見をお聞かせください']);

    await page.getByRole('button', { name: '公開する' }).click();
    await page.getByText('公開中です。ワールドの参加者が回答できます。').waitFor();

    // A member answers through the attendee API (the answer screen inside the world comes later).
    const questionnaire = (
      await api(
        suite.server.url,
        `/api/mypage/worlds/${suite.worldId}/questionnaires/${questionnaireId}`,
        {
          headers: suite.owner,
        },
      )
    ).json;
    const [choice, text] = questionnaire.questions as {
      id: string;
      choices: { id: string; label: string }[];
    }[];
    const answered = await api(
      suite.server.url,
      `/api/worlds/${suite.worldId}/questionnaire_answers`,
      {
        method: 'POST',
        headers: suite.owner,
        body: {
          questionnaireId,
          answers: [
            {
              questionId: choice!.id,
              choiceIds: [choice!.choices.find((c) => c.label === '満足')!.id],
            },
            { questionId: text!.id, text: FREE_TEXT_ANSWER },
          ],
        },
      },
    );
    expect(answered.status).toBe(201);

    await page.reload();
    await page.getByText('回答数：1件').waitFor();
    // With answers in, questions can no longer be added or deleted, but they can be retitled.
    await page.getByText('回答が集まっているため、質問の追加と削除はできません。').waitFor();
    await expect(page.getByRole('form', { name: '質問の追加' }).count()).resolves.toBe(0);
    await page
      .getByRole('list', { name: '質問' })
      .locator(':scope > li')
      .nth(1)
      .getByRole('button', { name: '編集' })
      .click();
    const edit = page.getByRole('form', { name: '質問「ご意見をお聞かせください」の編集' });
    await field(edit, '質問文').fill('ご意見・ご感想をお聞かせください');
    await edit.getByRole('button', { name: '質問を保存する' }).click();
    await expect
      .poll(() => questionTitles(page))
      .toEqual(['Q1. 満足度はいかがでしたか？必須', 'Q2. ご意見・ご感想をお聞かせください']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '回答をCSVでダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    expect(csv).toContain(FREE_TEXT_ANSWER);
    expect(csv).toContain('満足度はいかがでしたか？');
    expect(csv).toContain('満足');

    // Deleting asks in a dialog first; やめる keeps the questionnaire, 削除する removes it with its answers.
    await page.getByRole('button', { name: 'アンケートを削除' }).click();
    const confirm = page.getByRole('dialog', {
      name: '「参加者アンケート」と回答1件を削除しますか？',
    });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('やめる');
    await confirm.getByRole('button', { name: 'やめる' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'アンケートを削除' }).click();
    await confirm.getByRole('button', { name: '削除する' }).click();
    await page.waitForURL(`${suite.server.url}/mypage/worlds/${suite.worldId}/questionnaires`);
    await page.getByText('アンケート「参加者アンケート」を削除しました。').waitFor();
    await page.close();
  });

  it('publishes an event announcement; a signed-out visitor registers by e-mail and confirms from the mailed link', async () => {
    const page = await signedInPage();
    await page.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}/events`);
    await page.getByText('まだイベントのお知らせがありません').waitFor();
    await page.getByRole('link', { name: 'お知らせを作成' }).click();
    await page.waitForURL(`${suite.server.url}/mypage/worlds/${suite.worldId}/events/new`);

    await field(page, 'タイトル').fill('新製品オンライン発表会');
    await field(page, '内容').fill('新製品を紹介します。\n質疑応答もあります。');
    await field(page, '開始日時').fill(tokyo(14, '19:00'));
    await field(page, '終了日時').fill(tokyo(14, '20:30'));
    await field(page, '会場').fill('メインステージ');
    await field(page, '定員').fill('50');
    await page.getByRole('button', { name: '下書きとして保存する' }).click();
    await page.waitForURL(new RegExp(`/mypage/worlds/${suite.worldId}/events/[0-9a-f-]{36}$`));
    await page.getByText('「新製品オンライン発表会」を下書きとして保存しました。').waitFor();

    await page.getByRole('button', { name: '公開する' }).click();
    await page.getByRole('button', { name: '非公開にする' }).waitFor();
    const publicUrl = await page.getByLabel('公開ページのURL').inputValue();
    const eventId = page.url().split('/').pop()!;
    expect(publicUrl).toBe(`${suite.server.url}/events/${eventId}`);
    await page.close();

    const visitorContext = await suite.browser.newContext({
      viewport: { width: 375, height: 800 },
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(publicUrl);
    await visitor.getByRole('heading', { level: 1, name: '新製品オンライン発表会' }).waitFor();
    const day = tokyo(14, '19:00').slice(0, 10).replaceAll('-', '/');
    await visitor.getByText(`${day} 19:00〜20:30（日本時間（Asia/Tokyo））`).waitFor();

    // The form checks before sending.
    await visitor.getByRole('button', { name: '確認メールを送信する' }).click();
    await visitor.getByRole('alert').filter({ hasText: '参加登録できませんでした。' }).waitFor();

    const email = `visitor-${Date.now()}@example.com`;
    await field(visitor, 'お名前').fill('佐藤 太郎');
    await field(visitor, 'メールアドレス').fill(email);
    await visitor.getByRole('button', { name: '確認メールを送信する' }).click();
    await visitor.getByRole('status').filter({ hasText: '確認メールを送信しました' }).waitFor();

    await visitor.goto(`${suite.server.url}/dev/mails`);
    const link = visitor
      .locator('article', { hasText: email })
      .getByRole('link', { name: new RegExp(`/events/${eventId}`) });
    const confirmUrl = (await link.first().getAttribute('href'))!;
    await visitor.goto(confirmUrl);
    await visitor.getByRole('status').filter({ hasText: '参加登録が完了しました' }).waitFor();
    await visitor.getByText(`佐藤 太郎 さん（${email}）の参加登録を受け付けました。`).waitFor();
    // The token leaves the address bar, and the same link once more is explained as used.
    expect(visitor.url()).toBe(publicUrl);
    await visitor.goto(confirmUrl);
    await visitor
      .getByRole('alert')
      .filter({ hasText: 'すでに使用されたリンクの可能性があります' })
      .waitFor();
    await visitorContext.close();
  });
});

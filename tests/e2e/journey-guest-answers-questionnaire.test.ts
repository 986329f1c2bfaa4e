import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  signedInContext,
  type Auth,
  openPanel,
} from './meeting-helpers';

const suite = meetingSuite();

/** The owner's set-up through the API: a published questionnaire of a required choice and a free text. */
async function publishedQuestionnaire(auth: Auth, worldId: string, title: string) {
  const base = `/api/mypage/worlds/${worldId}/questionnaires`;
  const created = await api(suite.server.url, base, {
    method: 'POST',
    headers: auth,
    body: { title, description: 'ご参加ありがとうございました。', anonymous: false },
  });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  for (const question of [
    {
      type: 'singleChoice',
      title: '満足度はいかがでしたか？',
      required: true,
      choices: [{ label: '満足' }, { label: '普通' }, { label: '不満' }],
    },
    { type: 'freeText', title: 'ご意見をお聞かせください' },
  ]) {
    const added = await api(suite.server.url, `${base}/${id}/questionnaire_questions`, {
      method: 'POST',
      headers: auth,
      body: question,
    });
    expect(added.status).toBe(201);
  }
  const published = await api(suite.server.url, `${base}/${id}`, {
    method: 'PATCH',
    headers: auth,
    body: { status: 'published' },
  });
  expect(published.status).toBe(200);
  return id;
}

const OPINION = '音声がとても聞きやすかったです。「次回」も参加します！';

describe('journey: a guest answers a questionnaire from the world page', () => {
  it('the owner publishes, the guest answers once inside the world, the owner finds the answer in the CSV', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E アンケート');
    const questionnaireId = await publishedQuestionnaire(
      suite.owner.auth,
      worldId,
      '参加者アンケート',
    );
    const link = await guestLink(url, suite.owner.auth, worldId);
    const guest = await guestByApi(url, link.token, '回答する来場者');

    // The guest enters through the gate on a phone, as a person does.
    const guestContext = await signedInContext(suite.browser, guest.auth, guest.userId, {
      viewport: { width: 375, height: 800 },
    });
    const page = await guestContext.newPage();
    await enterMeeting(page, url, worldId);
    await openPanel(page, 'アンケート');
    const panel = page.getByRole('region', { name: 'アンケート' });
    const item = panel
      .getByRole('list', { name: '回答できるアンケート' })
      .getByRole('listitem')
      .filter({ hasText: '参加者アンケート' });
    await item.getByRole('button', { name: '回答する' }).click({ timeout: 15_000 });
    const form = page.getByRole('form', { name: 'アンケート「参加者アンケート」の回答' });
    await form.getByText('回答はお名前とともに主催者に届きます。').waitFor();

    // The required question left out is said before anything is sent, in the server's words.
    await form.getByLabel('ご意見をお聞かせください').fill(OPINION);
    await form.getByRole('button', { name: '回答を送信する' }).click();
    await form
      .getByRole('alert')
      .getByText('「満足度はいかがでしたか？」: 回答してください。')
      .waitFor();

    await form.getByRole('radio', { name: '満足', exact: true }).check();
    await form.getByRole('button', { name: '回答を送信する' }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: 'アンケート「参加者アンケート」に回答しました。' })
      .waitFor();
    await item.getByText('回答済み').waitFor();
    await expect(item.getByRole('button', { name: '回答する' }).count()).resolves.toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // Once only: after a reload the world page still says 回答済み (the server remembers who answered).
    await page.reload();
    await enterMeeting(page, url, worldId);
    await openPanel(page, 'アンケート');
    await page
      .getByRole('region', { name: 'アンケート' })
      .getByRole('listitem')
      .filter({ hasText: '参加者アンケート' })
      .getByText('回答済み')
      .waitFor({ timeout: 15_000 });
    await guestContext.close();

    // The owner downloads the answers on mypage and finds the guest's answer under the guest's name.
    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    await owner.goto(`${url}/mypage/worlds/${worldId}/questionnaires/${questionnaireId}`);
    await owner.getByText('回答数：1件').waitFor();
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: '回答をCSVでダウンロード' }).click(),
    ]);
    const csv = (await readFile((await download.path())!)).subarray(3).toString('utf8');
    const row = csv.split(/\r?\n/).find((line) => line.includes('回答する来場者'));
    expect(row).toBeDefined();
    expect(row).toContain('満足');
    expect(row).toContain(OPINION);
    await ownerContext.close();
  });
});

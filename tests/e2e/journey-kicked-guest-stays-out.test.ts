import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  signedInContext,
  openPanel,
} from './meeting-helpers';

// Journey (issue 15): a kick holds. The kicked guest's row goes, the guest cannot come back by
// the gate, a guest link or an instant entrance until the owner allows it again, and its way out is not /signin.
const suite = meetingSuite();
const removedMessage =
  'このワールドから退出させられたため、入場できません。主催者またはスタッフが再入場を許可するまでお待ちください。';

describe('journey: a kicked guest stays out until allowed', () => {
  it('kicks a guest, who cannot re-enter by the gate or a guest link until the owner allows it', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E キック');
    const link = await guestLink(url, suite.owner.auth, worldId);
    const guest = await guestByApi(url, link.token, '迷惑なゲスト');

    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    await enterMeeting(owner, url, worldId);
    const guestContext = await signedInContext(suite.browser, guest.auth, guest.userId, {
      viewport: { width: 375, height: 740 },
    });
    const visitor = await guestContext.newPage();
    await enterMeeting(visitor, url, worldId);

    // The owner sees who it is, with a badge, and removes the guest (from 管理).
    await openPanel(owner, '管理');
    const row = owner.getByRole('listitem', { name: '迷惑なゲスト（ゲスト）' });
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: '退出させる…' }).click();
    await owner
      .getByRole('alertdialog', { name: '退出の確認' })
      .getByRole('button', { name: '退出させる' })
      .click();

    await visitor
      .getByRole('heading', { name: '会議から退出させられました' })
      .waitFor({ timeout: 15_000 });
    // A guest's way out is the top page, never the world list (which would ask to sign in).
    expect(await visitor.getByRole('link', { name: 'ワールド一覧へ' }).count()).toBe(0);
    expect(await visitor.getByRole('button', { name: 'もう一度参加する' }).count()).toBe(0);
    await visitor.getByRole('link', { name: 'トップページへ' }).waitFor();
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    await owner.getByRole('heading', { name: '参加者 1人' }).waitFor();

    // Back through the gate: refused with the reason.
    await visitor.goto(`${url}/worlds/${worldId}/gate`);
    await visitor.getByRole('button', { name: '入場する' }).click();
    await visitor.getByText(removedMessage).waitFor({ timeout: 15_000 });
    // Back through the guest link, in the same browser: refused too.
    await visitor.goto(link.url);
    await visitor.getByRole('textbox', { name: 'お名前' }).fill('別の名前');
    await visitor.getByRole('button', { name: '入場する' }).click();
    await visitor.getByText(removedMessage).waitFor({ timeout: 15_000 });
    // An instant entrance (受付), in the same browser: told at once, never asked for a name.
    const entrance = await api(url, `/api/mypage/worlds/${worldId}/instant_entrances`, {
      method: 'POST',
      headers: suite.owner.auth,
      body: { label: '受付' },
    });
    await visitor.goto(entrance.json.url as string);
    await visitor.getByRole('alert').filter({ hasText: removedMessage }).waitFor();
    expect(await visitor.getByRole('textbox', { name: 'お名前' }).count()).toBe(0);

    // The owner allows it again from the world's page.
    await owner.goto(`${url}/mypage/worlds/${worldId}?section=removed-attendees`);
    await owner.getByRole('heading', { name: '退出させた参加者' }).waitFor();
    await owner.getByRole('button', { name: '迷惑なゲストさんの再入場を許可' }).click();
    await owner
      .getByRole('dialog', { name: '迷惑なゲストさんの再入場を許可しますか？' })
      .getByRole('button', { name: '再入場を許可' })
      .click();
    await owner.getByText('迷惑なゲストさんの再入場を許可しました。').waitFor();
    await owner.getByText('退出させた参加者はいません。').waitFor();

    await enterMeeting(visitor, url, worldId);
    await openPanel(visitor, '参加者');
    await visitor.getByRole('heading', { name: /参加者 \d+人/ }).waitFor({ timeout: 20_000 });
    await guestContext.close();
    await ownerContext.close();
  });
});

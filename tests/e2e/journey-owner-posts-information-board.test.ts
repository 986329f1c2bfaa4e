import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { guestInNewWorld, meetingSuite, signedInOwner } from './support/meeting-suite';
import { enterMeeting, openPanel } from './meeting-helpers';

const suite = meetingSuite();

describe('journey: the owner posts on the information board', () => {
  it('the owner writes and shows the board from the world page; the attendee reads it live, and not once hidden', async () => {
    const { url, worldId, guest, guestContext, attendee } = await guestInNewWorld(
      suite,
      'E2E お知らせ',
      'お知らせを読む来場者',
    );
    await openPanel(attendee, 'お知らせ');
    const board = attendee.getByRole('region', { name: 'お知らせ' });
    // Nothing to read yet, and nothing to edit for a guest (the server refuses one too).
    expect(await board.count()).toBe(0);
    const byGuest = await api(url, `/api/worlds/${worldId}/information_board`, {
      method: 'PATCH',
      headers: guest.auth,
      body: { body: 'x' },
    });
    expect(byGuest.status).toBe(403);

    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    await enterMeeting(owner, url, worldId);
    // Owner and staff edit it in 管理 (ADR 040).
    await openPanel(owner, '管理');
    const ownerBoard = owner
      .getByRole('region', { name: '管理' })
      .getByRole('region', { name: 'お知らせ' });
    await ownerBoard.getByText('非表示中です。参加者には見えません。').waitFor();
    await ownerBoard.getByRole('button', { name: 'お知らせを編集' }).click();
    const form = owner.getByRole('form', { name: 'お知らせの編集' });
    await form.getByLabel('お知らせの本文').fill('15時から表彰式です。\n会場へお集まりください。');
    await form.getByLabel('参加者に表示する').check();
    await form.getByRole('button', { name: 'お知らせを保存する' }).click();

    // Live, without reloading the attendee's page.
    await board.getByText('15時から表彰式です。').waitFor({ timeout: 10_000 });

    await ownerBoard.getByRole('button', { name: 'お知らせを編集' }).click();
    await form.getByLabel('参加者に表示する').uncheck();
    await form.getByRole('button', { name: 'お知らせを保存する' }).click();
    await ownerBoard.getByText('非表示中です。参加者には見えません。').waitFor();
    await expect.poll(() => board.count(), { timeout: 10_000 }).toBe(0);
    await guestContext.close();
    await ownerContext.close();
  });
});

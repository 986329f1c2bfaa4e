import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { guestInNewWorld, meetingSuite, signedInOwner } from './support/meeting-suite';
import { enterMeeting, openPanel } from './meeting-helpers';

const suite = meetingSuite();

describe('journey: the owner rings the bell', () => {
  it('the owner rings everyone from the world page, and the attendee sees who rang', async () => {
    const { url, worldId, guest, guestContext, attendee } = await guestInNewWorld(
      suite,
      'E2E ベル',
      'ベルを聞く来場者',
    );
    // A guest may hear the bell but not ring it (no 管理 panel); the server refuses a guest's call too.
    const toolbar = attendee.getByRole('region', { name: '会議の操作' });
    await toolbar.getByRole('button', { name: '参加者' }).waitFor();
    await expect(toolbar.getByRole('button', { name: '管理' }).count()).resolves.toBe(0);
    await expect(attendee.getByRole('form', { name: 'ベルを鳴らす' }).count()).resolves.toBe(0);
    const byGuest = await api(url, `/api/bell_callings/${worldId}`, {
      method: 'POST',
      headers: guest.auth,
      body: {},
    });
    expect(byGuest.status).toBe(403);

    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    await enterMeeting(owner, url, worldId);
    await openPanel(owner, '管理');
    const ringer = owner.getByRole('form', { name: 'ベルを鳴らす' });
    await ringer.getByLabel('ひとこと（任意）').fill('まもなく開始します');
    await ringer.getByRole('button', { name: 'ベルを鳴らす' }).click();
    await ringer.getByRole('status').filter({ hasText: '全員にベルを鳴らしました。' }).waitFor();

    const ownerName = (await api(url, '/api/auth/validate_token', { headers: suite.owner.auth }))
      .json.data.name as string;
    await attendee
      .getByRole('alert')
      .filter({ hasText: `${ownerName}さんがベルを鳴らしました：まもなく開始します` })
      .waitFor({ timeout: 10_000 });
    await guestContext.close();
    await ownerContext.close();
  });
});

import { describe, expect, it } from 'vitest';
import {
  confirmationMail,
  emailChangeMail,
  existingAccountMail,
  passwordChangedMail,
  ownerAddedMail,
  passwordResetMail,
  staffInvitationMail,
  type MailContent,
} from './templates';

const appUrl = 'https://worlds.example.jp';
// Characters that must be escaped in a query value, so the tests show encodeURIComponent is used.
const token = 'aB3+/=&?#x y%';
const encoded = encodeURIComponent(token);

function urlsIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

/** Everything a template may show: its own words, and links under appUrl built from what it was given. */
function expectNothingButGiven(mail: MailContent, allowedUrls: string[]) {
  expect(urlsIn(mail.text).sort()).toEqual([...allowedUrls].sort());
  expect(mail.text).not.toContain(token); // only ever appears encoded, inside the link
  expect(`${mail.subject}\n${mail.text}`).not.toMatch(/undefined|null|NaN|\[object|\$\{|\{\{/);
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.subject).toContain('Worlds');
  expect(mail.text).toMatch(/[ぁ-んァ-ン]/); // Japanese, not a placeholder
}

describe('mail templates', () => {
  it('confirmation: links to /confirmation with the encoded token, valid 24 hours, says what to do if not you', () => {
    const mail = confirmationMail({ appUrl, token });
    const link = `${appUrl}/confirmation?confirmation_token=${encoded}`;
    expect(mail.text).toContain(link);
    expect(new URL(link).searchParams.get('confirmation_token')).toBe(token);
    expect(mail.text).toContain('24時間');
    expect(mail.text).toContain('お心当たりのない場合');
    expectNothingButGiven(mail, [link]);
  });

  it('existing account: points to sign-in and password reset, carries no token', () => {
    const mail = existingAccountMail({ appUrl });
    expect(mail.text).toContain(`${appUrl}/signin`);
    expect(mail.text).toContain(`${appUrl}/resetPassword`);
    expectNothingButGiven(mail, [`${appUrl}/signin`, `${appUrl}/resetPassword`]);
  });

  it('password reset: links to /newPassword with the encoded token, valid 1 hour, ignore if not requested', () => {
    const mail = passwordResetMail({ appUrl, token });
    const link = `${appUrl}/newPassword?reset_password_token=${encoded}`;
    expect(mail.text).toContain(link);
    expect(new URL(link).searchParams.get('reset_password_token')).toBe(token);
    expect(mail.text).toContain('1時間');
    expect(mail.text).toContain('無視');
    expectNothingButGiven(mail, [link]);
  });

  it('e-mail change: links to /confirmation with the encoded token', () => {
    const mail = emailChangeMail({ appUrl, token });
    const link = `${appUrl}/confirmation?confirmation_token=${encoded}`;
    expect(mail.text).toContain(link);
    expectNothingButGiven(mail, [link]);
  });

  it('password changed: a notice with the reset page for someone who did not change it', () => {
    const mail = passwordChangedMail({ appUrl });
    expect(mail.subject).toContain('パスワードが変更されました');
    expectNothingButGiven(mail, [`${appUrl}/resetPassword`]);
  });

  it('staff invitation: links to /invite-staff/{token}, names the world, inviter and expiry; a name cannot break the subject', () => {
    const invitation = {
      appUrl,
      token,
      worldId: 'w1',
      worldName: '秋の\r\n展示会',
      inviterName: '主催 花子',
      expiresAt: '2026/12/01 10:00',
    };
    const mail = staffInvitationMail({ ...invitation, message: '受付をお願いします。' });
    const link = `${appUrl}/invite-staff/${encoded}`;
    expect(mail.subject).toBe('【Worlds】「秋の 展示会」のスタッフに招待されました');
    expect(mail.text).toContain('主催 花子さんから');
    expect(mail.text).toContain('2026/12/01 10:00');
    expect(mail.text).toContain('受付をお願いします。');
    expectNothingButGiven(mail, [link]);
    // Without a message or a name, nothing empty is left in the text.
    const bare = staffInvitationMail({ ...invitation, inviterName: ' ', message: null });
    expect(bare.text).not.toContain('メッセージ');
    expect(bare.text).toContain('ワールドのオーナーから、');
    expectNothingButGiven(bare, [link]);
  });

  it('owner added: names the world and who added, links to the world in mypage', () => {
    const mail = ownerAddedMail({
      appUrl,
      worldId: 'w1',
      worldName: '夏祭り',
      byName: '主催 花子',
    });
    expect(mail.subject).toBe('【Worlds】「夏祭り」のオーナーに追加されました');
    expect(mail.text).toContain('主催 花子さんが');
    expectNothingButGiven(mail, [`${appUrl}/mypage/worlds/w1`]);
  });

  it('a trailing slash on the base URL does not double the slash', () => {
    const mail = passwordResetMail({ appUrl: `${appUrl}/`, token: 't' });
    expect(urlsIn(mail.text)).toEqual([`${appUrl}/newPassword?reset_password_token=t`]);
  });

  it('the same inputs give the same mail (pure)', () => {
    expect(confirmationMail({ appUrl, token })).toEqual(confirmationMail({ appUrl, token }));
    expect(confirmationMail({ appUrl, token: 'other' }).text).not.toBe(
      confirmationMail({ appUrl, token }).text,
    );
  });
});

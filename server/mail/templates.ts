/**
 * The application's mails, in Japanese, as pure functions. Each one receives only what it needs
 * (the public base URL and, for links, a one-time token), so a template cannot leak a session
 * token, a password hash or anyone else's address: it never sees them.
 */

export type MailContent = { subject: string; text: string };

export const siteName = 'Worlds';

// A mail client shows the text as is; a closing line tells people the address is send-only so
// they do not reply with questions nobody reads.
const footer = [
  '',
  '――',
  siteName,
  '※このメールは送信専用のアドレスからお送りしています。ご返信いただいてもお答えできません。',
];

/** Strips trailing slashes so `${base}/path` never has a double slash, whatever the config says. */
export function base(appUrl: string): string {
  return appUrl.replace(/\/+$/, '');
}

export function lines(...parts: string[]): string {
  return [...parts, ...footer].join('\n') + '\n';
}

/** Sent after sign-up: confirms that the address belongs to the person who signed up. */
/** `&redirect_url=…` for a link: where the page goes once done (a path of this site), if any. */
function then(next: string | null | undefined): string {
  return next ? `&redirect_url=${encodeURIComponent(next)}` : '';
}

export function confirmationMail({
  appUrl,
  token,
  next,
}: {
  appUrl: string;
  token: string;
  /** A path of this site to open once confirmed (devise_token_auth's confirm_success_url). */
  next?: string | null;
}): MailContent {
  const link = `${base(appUrl)}/confirmation?confirmation_token=${encodeURIComponent(token)}${then(next)}`;
  return {
    subject: `【${siteName}】メールアドレスの確認をお願いします`,
    text: lines(
      `${siteName}にご登録いただき、ありがとうございます。`,
      '',
      '下記のリンクを開いて、メールアドレスの確認を完了してください。',
      link,
      '',
      'このリンクの有効期限は24時間です。期限が切れた場合は、お手数ですがログイン画面から確認メールを再送してください。',
      '',
      `お心当たりのない場合は、どなたかが誤ってこのアドレスを入力した可能性があります。このメールは破棄していただいて構いません。リンクを開かない限り、登録は完了しません。`,
    ),
  };
}

/**
 * Sent when someone signs up with an address that already has an account. Sign-up answers the
 * same for known and unknown addresses (so it cannot be used to find out who has an account);
 * this mail is how the real owner learns what to do instead.
 */
export function existingAccountMail({ appUrl }: { appUrl: string }): MailContent {
  const root = base(appUrl);
  return {
    subject: `【${siteName}】このメールアドレスは既に登録されています`,
    text: lines(
      `${siteName}で、このメールアドレスを使った新規登録のお申し込みがありました。`,
      'このメールアドレスのアカウントは既に存在するため、新しいアカウントは作成していません。',
      '',
      'ご自身でお申し込みになった場合は、下記のページからログインしてください。',
      `${root}/signin`,
      '',
      'パスワードをお忘れの場合は、下記のページから再設定できます。',
      `${root}/resetPassword`,
      '',
      'お心当たりのない場合は、このメールは破棄していただいて構いません。アカウントに変更は加えられていません。',
    ),
  };
}

/** Sent on a password-reset request; the link carries a one-time token valid for one hour. */
export function passwordResetMail({
  appUrl,
  token,
  next,
}: {
  appUrl: string;
  token: string;
  /** A path of this site to open once the password is set (devise_token_auth's redirect_url). */
  next?: string | null;
}): MailContent {
  const link = `${base(appUrl)}/newPassword?reset_password_token=${encodeURIComponent(token)}${then(next)}`;
  return {
    subject: `【${siteName}】パスワード再設定のご案内`,
    text: lines(
      'パスワード再設定のお申し込みを受け付けました。',
      '',
      '下記のリンクを開いて、新しいパスワードを設定してください。',
      link,
      '',
      'このリンクの有効期限は1時間です。期限が切れた場合は、お手数ですがもう一度お申し込みください。',
      '',
      'お心当たりのない場合は、このメールは無視してください。パスワードは変更されません。',
    ),
  };
}

/** Sent to the NEW address when a user changes their e-mail address; the change applies on confirmation. */
export function emailChangeMail({ appUrl, token }: { appUrl: string; token: string }): MailContent {
  const link = `${base(appUrl)}/confirmation?confirmation_token=${encodeURIComponent(token)}`;
  return {
    subject: `【${siteName}】新しいメールアドレスの確認をお願いします`,
    text: lines(
      `${siteName}のアカウントのメールアドレスを、このアドレスに変更するお申し込みを受け付けました。`,
      '',
      '下記のリンクを開いて、変更を完了してください。確認が済むまでは、これまでのメールアドレスが使われます。',
      link,
      '',
      'このリンクの有効期限は24時間です。',
      '',
      'お心当たりのない場合は、このメールは破棄していただいて構いません。リンクを開かない限り、変更は行われません。',
    ),
  };
}

/** Sent after a password change, so an owner whose account was taken over learns of it. */
export function passwordChangedMail({ appUrl }: { appUrl: string }): MailContent {
  return {
    subject: `【${siteName}】パスワードが変更されました`,
    text: lines(
      `${siteName}のアカウントのパスワードが変更されました。`,
      '',
      'ご自身で変更された場合は、このメールへの対応は不要です。',
      '',
      'お心当たりのない場合は、第三者がアカウントを使用している可能性があります。下記のページからすぐにパスワードを再設定してください。',
      `${base(appUrl)}/resetPassword`,
    ),
  };
}

const contactCategories: Record<string, string> = {
  general: '一般的なお問い合わせ',
  billing: 'お支払い',
  bug: '不具合の報告',
  other: 'その他',
};

/** To the support address (CONTACT_TO): a message sent from /contact. */
export function contactReceivedMail(message: {
  name: string;
  email: string;
  category: string;
  subject?: string;
  body: string;
}): MailContent {
  return {
    subject:
      `【${siteName}】お問い合わせ: ${message.subject?.trim() || contactCategories[message.category] || message.category}`.replace(
        /[\r\n]+/g,
        ' ',
      ),
    text: lines(
      'お問い合わせフォームから次のメッセージが届きました。',
      '',
      `お名前: ${message.name}`,
      `メールアドレス: ${message.email}`,
      `種別: ${contactCategories[message.category] ?? message.category}`,
      `件名: ${message.subject ?? ''}`,
      '',
      message.body,
    ),
  };
}

/** One line of text from what a person typed (a world name in a subject must not break the header). */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/**
 * Sent to each address an owner invites as staff. The link carries a one-time token (only its
 * hash is stored) and leads to /invite-staff/{token}, where the invited person signs in or signs
 * up with this address and accepts.
 */
type InvitationMailInput = {
  appUrl: string;
  token: string;
  worldId: string;
  worldName: string;
  inviterName: string;
  message: string | null;
  expiresAt: string;
};

export function staffInvitationMail(invitation: InvitationMailInput): MailContent {
  const link = `${base(invitation.appUrl)}/invite-staff/${encodeURIComponent(invitation.token)}`;
  const name = oneLine(invitation.inviterName);
  const inviter = name ? `${name}さん` : 'ワールドのオーナー';
  const note = invitation.message?.trim();
  return {
    subject: `【${siteName}】「${oneLine(invitation.worldName)}」のスタッフに招待されました`,
    text: lines(
      `${inviter}から、${siteName}のワールド「${oneLine(invitation.worldName)}」のスタッフとして招待されました。`,
      ...(note ? ['', '招待した方からのメッセージ:', note] : []),
      '',
      '下記のリンクを開き、このメールアドレスのアカウントでログイン（未登録の場合はアカウント登録）してから、招待を承諾してください。',
      link,
      '',
      `このリンクの有効期限は ${invitation.expiresAt}（日本時間）までです。リンクは一度だけ使えます。期限が切れた場合は、招待した方に再送を依頼してください。`,
      '',
      'お心当たりのない場合は、このメールは破棄していただいて構いません。リンクを開かない限り、何も変更されません。',
    ),
  };
}

/** Sent to a guest the owner or staff registered with an address: their personal entry link. */
export function guestEntryMail(guest: {
  enterUrl: string;
  guestName: string;
  worldName: string;
  inviterName: string;
}): MailContent {
  const name = oneLine(guest.inviterName);
  const world = oneLine(guest.worldName);
  return {
    subject: `【${siteName}】「${world}」への入場のご案内`,
    text: lines(
      `${oneLine(guest.guestName)} 様`,
      '',
      `${name ? `${name}さん` : 'ワールドの主催者'}から、${siteName}のワールド「${world}」へゲストとしてご招待いただきました。`,
      'アカウント登録は不要です。下記のリンクを開くと入場できます。',
      guest.enterUrl,
      '',
      'このリンクはあなた専用です。ほかの方には共有しないでください。',
      '',
      'お心当たりのない場合は、このメールは破棄していただいて構いません。',
    ),
  };
}

/**
 * Sent to each address invited to attend a world (role user). The link opens the world's
 * invitation page, where a signed-in account joins with the one-time token.
 */
export function worldInvitationMail(invitation: InvitationMailInput): MailContent {
  const link = `${base(invitation.appUrl)}/mypage/worlds/${invitation.worldId}/invitation?token=${encodeURIComponent(invitation.token)}`;
  const name = oneLine(invitation.inviterName);
  const world = oneLine(invitation.worldName);
  const note = invitation.message?.trim();
  return {
    subject: `【${siteName}】「${world}」に招待されました`,
    text: lines(
      `${name ? `${name}さん` : 'ワールドの主催者'}から、${siteName}のワールド「${world}」に招待されました。`,
      ...(note ? ['', '招待した方からのメッセージ:', note] : []),
      '',
      '下記のリンクを開き、ログイン（未登録の場合はアカウント登録）してから参加してください。',
      link,
      '',
      `このリンクの有効期限は ${invitation.expiresAt}（日本時間）までです。リンクは一度だけ使えます。`,
      '',
      'お心当たりのない場合は、このメールは破棄していただいて構いません。',
    ),
  };
}

type EventSummary = { id: string; title: string; when: string };

/** The public page of an event; with a token it confirms a registration (double opt-in). */
function eventPageUrl(appUrl: string, eventId: string, token?: string): string {
  const page = `${base(appUrl)}/events/${eventId}`;
  return token ? `${page}?token=${encodeURIComponent(token)}` : page;
}

/** Sent on registerEventEmail: the registration counts only once the link is opened. */
export function eventRegistrationMail({
  appUrl,
  token,
  event,
  name,
}: {
  appUrl: string;
  token: string;
  event: EventSummary;
  name: string;
}): MailContent {
  return {
    subject: oneLine(`【${siteName}】「${event.title}」参加登録の確認をお願いします`),
    text: lines(
      `${name} 様`,
      '',
      `イベント「${event.title}」（${event.when}）への参加登録のお申し込みを受け付けました。`,
      '下記のリンクを開いて、参加登録を完了してください。',
      eventPageUrl(appUrl, event.id, token),
      '',
      'このリンクの有効期限は24時間です。定員に達した場合は登録できないことがあります。',
      '',
      'お心当たりのない場合は、このメールは破棄していただいて構いません。リンクを開かない限り、登録は完了しません。',
    ),
  };
}

/**
 * Sent when an address that is already registered registers again: the API answers the same
 * either way (it cannot tell who registered), and the owner of the address learns it here.
 */
export function eventAlreadyRegisteredMail({
  appUrl,
  event,
}: {
  appUrl: string;
  event: EventSummary;
}): MailContent {
  return {
    subject: oneLine(`【${siteName}】「${event.title}」には参加登録済みです`),
    text: lines(
      `イベント「${event.title}」（${event.when}）への参加登録のお申し込みがありましたが、このメールアドレスは既に登録済みです。`,
      '新たな手続きは必要ありません。参加用のリンクは、登録完了時にお送りしたメールをご覧ください。',
      '',
      'イベントの詳細:',
      eventPageUrl(appUrl, event.id),
    ),
  };
}

/** Sent once a registration is confirmed, with the personal link to enter the event's world. */
export function eventRegistrationConfirmedMail({
  enterUrl,
  event,
  name,
}: {
  enterUrl: string;
  event: EventSummary;
  name: string;
}): MailContent {
  return {
    subject: oneLine(`【${siteName}】「${event.title}」参加登録が完了しました`),
    text: lines(
      `${name} 様`,
      '',
      `イベント「${event.title}」（${event.when}）への参加登録が完了しました。`,
      '当日は下記のあなた専用のリンクから入場してください。リンクは1回だけ使えます。ほかの方には共有しないでください。',
      enterUrl,
    ),
  };
}

/** To an account made co-owner of a world (addWorldOwner), so it learns why the world appears in its list. */
export function ownerAddedMail(added: {
  appUrl: string;
  worldId: string;
  worldName: string;
  byName: string;
}): MailContent {
  const by = oneLine(added.byName);
  const world = oneLine(added.worldName);
  return {
    subject: `【${siteName}】「${world}」のオーナーに追加されました`,
    text: lines(
      `${by ? `${by}さん` : 'ワールドのオーナー'}が、あなたを${siteName}のワールド「${world}」のオーナーに追加しました。`,
      'オーナーは、ワールドの編集、日時の予約とお支払い、メンバーの管理を行えます。',
      '',
      '下記のページから確認できます。',
      `${base(added.appUrl)}/mypage/worlds/${added.worldId}`,
      '',
      'お心当たりのない場合は、追加した方にお問い合わせください。',
    ),
  };
}

/**
 * Sent to the payer when a checkout whose answer was lost (the server stopped between the charge
 * and recording it) has been settled by reconciliation (docs/decisions/008): the payer left without
 * learning the outcome, so the mail is how they learn it. `dates` are already formatted for Japan.
 */
export function paymentSettledMail(settled: {
  appUrl: string;
  worldName: string;
  amount: string;
  dates: string[];
  result: 'reserved' | 'refunded' | 'notCharged';
}): MailContent {
  const world = oneLine(settled.worldName);
  const dates = settled.dates.map((d) => `・${d}`);
  const payments = `${base(settled.appUrl)}/mypage/payments`;
  const body = {
    reserved: {
      subject: `【${siteName}】「${world}」のお支払いと予約が完了しました`,
      text: [
        `「${world}」のカレンダー予約のお手続き中に通信が途切れましたが、お支払い（${settled.amount}）は完了し、次の日時の予約が確定しました。`,
        '',
        ...dates,
        '',
        'お支払いの履歴と領収書は下記のページでご確認いただけます。',
        payments,
      ],
    },
    refunded: {
      subject: `【${siteName}】「${world}」のお支払いを返金しました`,
      text: [
        `「${world}」のカレンダー予約のお手続き中に通信が途切れ、その間に次の日時がほかの予約で埋まったため、予約は確定できませんでした。`,
        '',
        ...dates,
        '',
        `お支払い（${settled.amount}）は全額返金しました。カード会社によっては、ご利用明細への反映に時間がかかる場合があります。`,
        'お手数ですが、別の日時を選んでもう一度ご予約ください。',
      ],
    },
    notCharged: {
      subject: `【${siteName}】「${world}」のお支払いは完了していません`,
      text: [
        `「${world}」のカレンダー予約のお手続き中に通信が途切れたため、お支払いは行われず、次の日時は予約されていません。カードへの請求はありません。`,
        '',
        ...dates,
        '',
        'お手数ですが、もう一度ご予約ください。',
      ],
    },
  }[settled.result];
  return { subject: body.subject, text: lines(...body.text) };
}

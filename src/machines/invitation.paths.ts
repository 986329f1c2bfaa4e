import { ApiError } from '../services/errors/api-error';
import { invitationMachine } from './invitation.machine';
import {
  hasAccepted,
  isAccepting,
  isForAnotherAccount,
  offersAccept,
  selectInvitationErrors,
  selectInvitationFailures,
} from './invitation.selectors';
import { definePaths, effect, sees } from './path-config';

// Event payloads, actor outcomes, labels and oracles for the generated path tests (tests/paths).
// Expected results are docs/product.md §2 Accepting a staff invitation and Joining by a member
// invitation (ADR 011): a staff invitation is accepted only by the account of the invited address
// (another account is told whom it is for and gets no button); accepting makes the world one of
// the caller's; a member invitation leads to the joined world's gate; a refusal is shown in the
// server's words and the button stays.

const worldId = '00000000-0000-4000-8000-00000000000a';
const staffToken = 'staff-invitation-token-0123';
const memberToken = 'member-invitation-token-012';
const invited = 'staff@example.com';
const revoked = new ApiError(422, [
  'この招待は取り消されました。招待した方にお問い合わせください。',
]);
const lost = new ApiError(0, ['通信できませんでした。接続を確かめて、もう一度お試しください。']);

const OWN_ADDRESS = ['スタッフ招待を開く（招待されたアカウント）', '参加者の招待を開く'];

export const paths = definePaths(invitationMachine, {
  manual: {
    setup: `デモのワールドの所有者として「スタッフ招待」で ${invited} を、「参加者の招待」で member@example.com を招待し、/dev/mails で両方のメールのリンクを控えておく。${invited} と member@example.com のアカウントを /signup で作っておく。`,
    steps: {
      'スタッフ招待を開く（招待されたアカウント）': `${invited} でサインインして、スタッフ招待のメールのリンク（/invite-staff/…）を開く。`,
      'スタッフ招待を開く（別のアカウント）':
        'demo@example.com でサインインして、スタッフ招待のメールのリンクを開く。',
      参加者の招待を開く:
        'member@example.com でサインインして、参加者の招待のメールのリンク（/mypage/worlds/{worldId}/invitation?token=…）を開く。',
      承認する: '「招待を承認する」（参加者の招待では「参加する」）を押す。',
      承認できた: {
        do: '（待つ）',
        see: 'スタッフ招待: 「スタッフとして参加しました。」とワールドの管理ページへのリンク。参加者の招待: URL が /worlds/{worldId}/gate になる。どちらも /mypage/worlds の一覧にそのワールドがある。',
      },
      取り消された: {
        do: '（承認する前に）スタッフ招待: 別のブラウザーで所有者が「スタッフ招待」でこの招待を選び「選択した招待を削除」を押しておく。参加者の招待: 別のアカウントが同じリンクで先に「参加する」を押しておく。承認したあと待つ。',
        see: `スタッフ招待: 「招待を承認できませんでした。」の下に「${revoked.messages[0]}」。参加者の招待: 「この招待は既に承諾されています。」。どちらもボタンは残る。`,
      },
      通信できない: {
        do: '（承認する前に）DevTools の Network で通信を遮断しておき、承認したあと待つ。',
        see: `「${lost.messages[0]}」。ボタンは残る。`,
      },
    },
    states: {
      opening: '（ページを開いた直後）',
      forAnotherAccount: `「この招待は ${invited} 宛てです。いまログインしているアカウント（demo@example.com）では承認できません。…」。「招待を承認する」はない。`,
      offered:
        'スタッフ招待: ワールド名・招待した人・宛先・有効期限と「招待を承認する」。参加者の招待: 「ワールドに参加しますか？」と「参加する」。',
      accepting: 'ボタンが「承認しています…」（参加者の招待では「参加しています…」）で押せない。',
      accepted: '承認できた（上の「承認できた」を参照）。',
    },
  },
  events: [
    {
      label: 'スタッフ招待を開く（招待されたアカウント）',
      event: {
        type: 'invitation.opened',
        kind: 'staff',
        worldId,
        token: staffToken,
        invitedEmail: invited,
        signedInEmail: 'Staff@Example.com',
      },
    },
    {
      label: 'スタッフ招待を開く（別のアカウント）',
      event: {
        type: 'invitation.opened',
        kind: 'staff',
        worldId,
        token: staffToken,
        invitedEmail: invited,
        signedInEmail: 'demo@example.com',
      },
    },
    {
      label: '参加者の招待を開く',
      event: {
        type: 'invitation.opened',
        kind: 'member',
        worldId,
        token: memberToken,
        invitedEmail: null,
        signedInEmail: 'member@example.com',
      },
    },
    { label: '承認する', event: { type: 'invitation.accept' } },
  ],
  outcomes: {
    accept: [
      { label: '承認できた', output: { worldId } },
      { label: '取り消された', error: revoked },
      { label: '通信できない', error: lost },
    ],
  },
  // One refusal is enough: every further try repeats it.
  filterEvents: (snapshot, event) =>
    event.type !== 'invitation.accept' || selectInvitationFailures(snapshot) < 1,
  oracles: {
    '(start)': { see: [sees('承認のボタン', offersAccept, false)] },
    'opening —invitation.opened→ offered': {
      takenBy: OWN_ADDRESS,
      see: [
        sees('承認のボタン', offersAccept, true),
        sees('別のアカウント', isForAnotherAccount, false),
      ],
    },
    // Staff invitations are bound to the invited address.
    'opening —invitation.opened→ forAnotherAccount': {
      takenBy: ['スタッフ招待を開く（別のアカウント）'],
      see: [
        sees('承認のボタン', offersAccept, false),
        sees('別のアカウント', isForAnotherAccount, true),
      ],
    },
    'offered —invitation.accept→ accepting': {
      see: [sees('承認しています', isAccepting, true), sees('エラー', selectInvitationErrors, [])],
    },
    // A member invitation leads on to the gate; a staff invitation says so where it is.
    'accepting —xstate.done.actor.accept→ accepted': (_, __, step) => ({
      effects:
        step.before.context.kind === 'member'
          ? ['refreshMyWorlds', effect('goToGate', { worldId })]
          : ['refreshMyWorlds'],
      see: [sees('承認した', hasAccepted, true)],
    }),
    'accepting —xstate.error.actor.accept→ offered': (_, __, step) => ({
      see: [
        sees('承認のボタン', offersAccept, true),
        sees('承認しています', isAccepting, false),
        sees(
          'エラー',
          selectInvitationErrors,
          step.label === '取り消された' ? revoked.messages : lost.messages,
        ),
        sees('失敗の回数', selectInvitationFailures, selectInvitationFailures(step.before) + 1),
      ],
    }),
  },
  labels: {
    machine: '招待の承認',
    states: {
      opening: 'ページを開いた',
      forAnotherAccount: '別のアカウント宛て',
      offered: '承認できる',
      accepting: '承認している途中',
      accepted: '承認した',
    },
    events: {
      'invitation.opened': '招待のリンクを開く',
      'invitation.accept': '承認する',
    },
  },
});

// The checkout machine (src/machines/checkout.machine.ts) as the payment page drives it
// (/mypage/worlds/<id>/payment): each event a user action in Chromium, each state what the
// checkout panel shows. A path runs on the server with the local payment provider, or, when it
// takes Stripe's steps, on a second server configured for Stripe against the local fake Stripe
// (Stripe.js served by Playwright routing: tests/e2e/support/fake-stripe-js.ts). What the test
// cards cannot produce (a lost answer) is produced with page.route on just that request.
import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { ANSWER_AGAIN_MESSAGE, PENDING_MESSAGE } from '../../../src/machines/checkout.setup';
import { STRIPE_CHALLENGE } from '../support/fake-stripe-js';
import { startStripeE2eServer } from '../support/stripe-server';
import {
  cardForNextPayment,
  errorKind,
  fillCard,
  isLocalStep,
  isPay,
  isStripeStep,
  openPaymentPage,
  outputStatus,
  providerOf,
  setupFor,
  type CheckoutSuite,
  type CheckoutWorld,
} from './checkout-world';
import { actorDone as done, type E2eModel, type StepPattern } from './model';

const isCreatePayment = (route: Route) =>
  route.request().method() === 'POST' &&
  /\/api\/mypage\/worlds\/[^/]+\/payments$/.test(new URL(route.request().url()).pathname);

/**
 * The next request matching `match` gets no answer: `reached` says whether the server carried it
 * out first (the answer lost on the way back) or never saw it (the request lost on the way).
 */
async function loseNext(
  page: Page,
  pattern: string,
  reached: boolean,
  match: (route: Route) => boolean = () => true,
) {
  let lost = false;
  await page.route(pattern, async (route) => {
    if (lost || !match(route)) return route.fallback();
    lost = true;
    if (reached) await route.fetch();
    await route.abort('connectionreset');
  });
}

/**
 * Every request matching `pattern` fails (never reaches the server) until `until` has resolved:
 * for a call the page may make more than once (the panel mounts again when the session settles).
 */
async function loseWhile(
  page: Page,
  pattern: string,
  until: () => Promise<unknown>,
  match: (route: Route) => boolean = () => true,
) {
  let lost = 0;
  const handler = (route: Route) =>
    match(route) ? ((lost += 1), route.abort('connectionreset')) : route.fallback();
  await page.route(pattern, handler);
  await until();
  await expect.poll(() => lost).toBeGreaterThan(0);
  await page.unroute(pattern, handler);
}

const isGet = (route: Route) => route.request().method() === 'GET';
const METHODS = '**/api/mypage/payment_methods';

const CALENDAR = '**/api/mypage/worlds/*/calendar_dates**';
const CONFIRM = '**/api/mypage/worlds/*/payments/*/confirm';
const AUTHENTICATE = '**/api/payments/local/payments/*/authenticate';

const panel = (page: Page) => page.getByRole('region', { name: 'お支払い', exact: true });
const payButton = (page: Page) => panel(page).getByRole('button', { name: '支払う', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'カード会社の認証' });

/** How the answer of confirm (or of verify, which confirms again) is lost or let through, by what the path says follows. */
async function prepareConfirm(
  page: Page,
  outcome: AnyEventObject,
  verify: AnyEventObject | undefined,
) {
  if (outcome.type === 'xstate.error.actor.confirmPayment' && errorKind(outcome) === 'unknown') {
    await loseNext(page, CONFIRM, false);
    if (verify?.type === 'xstate.error.actor.verifyPayment' && errorKind(verify) === 'unknown') {
      // The second confirm (verify) is lost too.
      let n = 0;
      await page.route(CONFIRM, (route) =>
        ++n === 2 ? route.abort('connectionreset') : route.fallback(),
      );
    }
  }
}

const answerRule = (
  answer: 'approve' | 'reject',
  answered: 'done' | 'error',
  confirm: StepPattern[],
) => {
  const type = answer === 'approve' ? 'checkout.authApproved' : 'checkout.authRejected';
  return {
    name: `認証画面で${answer === 'approve' ? '承認する' : '拒否する'}${answered === 'error' ? '（回答の応答を失う）' : ''}`,
    from: ['authenticating'],
    steps: [{ type }, { type: `xstate.${answered}.actor.authenticateLocal` }, ...confirm],
    run: async (world: CheckoutWorld, events: readonly AnyEventObject[]) => {
      const { page } = world;
      const confirmOutcome = events[2] as AnyEventObject;
      // A lost answer that the server still took (confirm then knows the payment's fate), or
      // one it never saw (the payment still waits for the payer).
      if (answered === 'error')
        await loseNext(page, AUTHENTICATE, !events.slice(2).some(localAction));
      await prepareConfirm(page, confirmOutcome, events[3]);
      await dialog(page)
        .getByRole('button', { name: answer === 'approve' ? '承認する' : '拒否する' })
        .click();
    },
  };
};
const failed = (actor: string, kind?: 'unknown' | 'known'): StepPattern => ({
  type: `xstate.error.actor.${actor}`,
  where:
    kind === undefined ? undefined : (e) => (errorKind(e) === 'unknown') === (kind === 'unknown'),
});
const status = (s: string) => (e: AnyEventObject) => outputStatus(e) === s;
const localAction = (e: AnyEventObject) =>
  outputStatus(e) === 'requiresAction' && (e.output as { provider: string }).provider === 'local';

/**
 * What can follow an answer on the real server: approved, the payment is paid; rejected, it is
 * declined (confirm says so, or verify, which confirms again, when confirm's answer is lost);
 * still waiting for the payer only when the answer never reached the server.
 */
function confirmOutcomes(
  answer: 'approve' | 'reject',
  answered: 'done' | 'error',
): StepPattern[][] {
  const fate =
    answer === 'approve'
      ? [done('confirmPayment', status('paid'))]
      : [failed('confirmPayment', 'known')];
  const verified =
    answer === 'approve' ? done('verifyPayment', status('paid')) : failed('verifyPayment', 'known');
  return [
    fate,
    [failed('confirmPayment', 'unknown'), verified],
    [failed('confirmPayment', 'unknown'), failed('verifyPayment', 'unknown')],
    ...(answered === 'error'
      ? [
          [done('confirmPayment', localAction)],
          [failed('confirmPayment', 'unknown'), done('verifyPayment', localAction)],
        ]
      : []),
  ];
}

const stripeAction = (e: AnyEventObject) =>
  outputStatus(e) === 'requiresAction' && providerOf(e) === 'stripe';
const STRIPE_AUTHENTICATION = 'https://api.stripe.com/v1/payment_intents/*/test_authentication';
const challenge = (page: Page) => page.getByRole('dialog', { name: STRIPE_CHALLENGE.title });

/**
 * Stripe's 3-D Secure page (the fake Stripe.js's dialog): completed, the payment is paid; failed,
 * confirm says declined; an answer that never reaches Stripe leaves the payment waiting, and
 * Stripe.js answers with an error like a failure. Confirm's answer may be lost as in the local rules.
 */
const stripeRules = (['complete', 'fail', 'unsent'] as const).flatMap((answer) => {
  const first = answer === 'complete' ? done('handleNextAction') : failed('handleNextAction');
  const outcomes: StepPattern[][] =
    answer === 'complete'
      ? [
          [done('confirmPayment', status('paid'))],
          [failed('confirmPayment', 'unknown'), done('verifyPayment', status('paid'))],
        ]
      : answer === 'fail'
        ? [
            [failed('confirmPayment', 'known')],
            [failed('confirmPayment', 'unknown'), failed('verifyPayment', 'known')],
          ]
        : [
            [done('confirmPayment', stripeAction)],
            [failed('confirmPayment', 'unknown'), done('verifyPayment', stripeAction)],
          ];
  if (answer !== 'unsent')
    outcomes.push([failed('confirmPayment', 'unknown'), failed('verifyPayment', 'unknown')]);
  const names = {
    complete: '「認証を完了する」',
    fail: '「認証に失敗する」',
    unsent: '「認証を完了する」（回答が Stripe に届かない）',
  };
  return outcomes.map((confirm) => ({
    name: `Stripe の 3D セキュア画面で${names[answer]}`,
    from: ['stripeAction'],
    steps: [first, ...confirm],
    run: async ({ page }: CheckoutWorld, events: readonly AnyEventObject[]) => {
      if (answer === 'unsent')
        await page.route(STRIPE_AUTHENTICATION, (route) => route.abort('internetdisconnected'), {
          times: 1,
        });
      await prepareConfirm(page, events[1] as AnyEventObject, events[2]);
      await challenge(page)
        .getByRole('button', { name: STRIPE_CHALLENGE[answer === 'fail' ? 'fail' : 'complete'] })
        .click();
    },
  }));
});

export const model: E2eModel<CheckoutWorld, CheckoutSuite> = {
  machine: 'checkout',
  suite: async (url) => ({ url, stripe: await startStripeE2eServer(), owners: [], paths: 0 }),
  teardown: (suite) => suite.stripe.stop(),
  rejectPath: (events) =>
    events.some(isStripeStep) && events.some(isLocalStep)
      ? 'ローカルの決済と Stripe の手順が混ざる経路（一つのサーバーでは起きない）'
      : null,
  world: ({ page, url, suite }) => ({ page, url, provider: 'local', suite, owner: null }),
  notes: [
    'カードの種類は経路の先の結果で決まる: 既定のカード（モデルの VISA）は次の支払いの結果に合うテストカード（4242 成功・0002 拒否・3184 認証あり）、2枚目は JCB（成功）。カードなしの所有者がフォームで登録するカードも同じ。',
    'カードの登録の拒否: Luhn 検査に通らない番号（サーバーが拒否する）。',
    '応答が失われた: Playwright でその要求だけを遮断する（サーバーが処理してから応答を捨てる／サーバーに届かせない）。',
    'Stripe の手順を含む経路: Stripe を設定した2台目のサーバー（Stripe の API は tests/support/fake-stripe.ts の偽サーバー）で動かし、Stripe.js は Playwright のルーティングで偽物（tests/e2e/support/fake-stripe-js.ts）を配る。カードは Stripe のテスト用カード（4242 成功・0341 請求で拒否・3184 認証あり）。',
    '回答が Stripe に届かない: 偽 Stripe.js の 3D セキュアの回答の要求だけを Playwright で遮断する。',
  ],
  actions: [
    // Loading the saved cards: the page opens.
    {
      name: '登録済みカード2枚（既定のカード・JCB）の所有者で支払いページを開く',
      steps: [done('loadMethods', (e) => (e.output as unknown[]).length > 0)],
      run: (world, events, later = []) =>
        openPaymentPage(world, [...events, ...later], setupFor([...events, ...later])),
    },
    {
      name: 'カードを登録していない所有者で支払いページを開く',
      steps: [done('loadMethods', (e) => (e.output as unknown[]).length === 0)],
      run: (world, events, later = []) => openPaymentPage(world, [...events, ...later], 'none'),
    },
    {
      name: 'カードの読み込みが通信エラーになる状態で支払いページを開く',
      steps: [failed('loadMethods')],
      run: (world, events, later = []) =>
        openPaymentPage(world, [...events, ...later], setupFor(later), (page) =>
          loseWhile(
            page,
            METHODS,
            () =>
              page
                .goto(`${world.url}/mypage/worlds/${world.owner?.worldId}/payment`)
                .then(() =>
                  panel(page).getByText('登録済みのカードを読み込めませんでした。').waitFor(),
                ),
            isGet,
          ),
        ),
    },
    {
      name: 'カードの読み込みを「もう一度読み込む」',
      from: ['loadFailed'],
      steps: [{ type: 'checkout.retry' }, done('loadMethods')],
      run: async ({ page }) => {
        await panel(page).getByRole('button', { name: 'もう一度読み込む' }).click();
      },
    },
    {
      name: 'カードの読み込みを「もう一度読み込む」（また通信エラー）',
      from: ['loadFailed'],
      steps: [{ type: 'checkout.retry' }, failed('loadMethods')],
      run: async ({ page }) => {
        await loseWhile(
          page,
          METHODS,
          () => panel(page).getByRole('button', { name: 'もう一度読み込む' }).click(),
          isGet,
        );
      },
    },
    // Cards.
    {
      name: 'JCB のカードを選ぶ',
      steps: [{ type: 'checkout.cardSelected' }],
      run: async ({ page }) => {
        await panel(page)
          .getByRole('radio', { name: /JCB •••• 0505/ })
          .check();
      },
    },
    {
      name: '「別のカードを追加」',
      steps: [{ type: 'checkout.addCardOpened' }],
      run: async ({ page }) => {
        await panel(page).getByRole('button', { name: '別のカードを追加' }).click();
      },
    },
    {
      name: 'カードの追加をキャンセル',
      from: ['addingCard'],
      steps: [{ type: 'checkout.addCardCancelled' }],
      run: async ({ page }) => {
        await panel(page).getByRole('button', { name: 'キャンセル' }).click();
      },
    },
    {
      name: 'カードを入力して登録する',
      steps: [{ type: 'checkout.cardSubmitted' }, done('saveCard')],
      run: (world, _events, later = []) => fillCard(world, cardForNextPayment(later)),
    },
    {
      name: 'サーバーが拒否するカード番号を登録する',
      steps: [{ type: 'checkout.cardSubmitted' }, failed('saveCard')],
      run: (world) => fillCard(world, 'invalid'),
    },
    // Paying.
    {
      name: '支払う（成功するカード）',
      from: ['choosing'],
      steps: [{ type: 'checkout.pay', where: isPay }, done('createPayment', status('paid'))],
      run: async ({ page }) => payButton(page).click(),
    },
    {
      name: '支払う（認証が必要なカード）',
      from: ['choosing'],
      steps: [{ type: 'checkout.pay', where: isPay }, done('createPayment', localAction)],
      run: async ({ page }) => payButton(page).click(),
    },
    {
      name: '支払う（3D セキュアが必要なカード、Stripe）',
      from: ['choosing'],
      steps: [{ type: 'checkout.pay', where: isPay }, done('createPayment', stripeAction)],
      run: async ({ page }) => payButton(page).click(),
    },
    ...stripeRules,
    {
      name: '支払う（拒否されるカード）',
      from: ['choosing'],
      steps: [{ type: 'checkout.pay', where: isPay }, failed('createPayment', 'known')],
      run: async ({ page }) => payButton(page).click(),
    },
    {
      name: '支払う（サーバーが処理した後で応答を失い、予約状況から支払い済みとわかる）',
      from: ['choosing'],
      steps: [
        { type: 'checkout.pay', where: isPay },
        failed('createPayment', 'unknown'),
        done('verifyPayment', status('paid')),
      ],
      run: async ({ page }) => {
        await loseNext(page, '**/api/mypage/worlds/*/payments', true, isCreatePayment);
        await payButton(page).click();
      },
    },
    {
      name: '支払う（認証が必要なカード、サーバーが処理した後で応答を失い、手続き中の日時が残る）',
      from: ['choosing'],
      steps: [
        { type: 'checkout.pay', where: isPay },
        failed('createPayment', 'unknown'),
        done('verifyPayment', status('pending')),
      ],
      run: async ({ page }) => {
        await loseNext(page, '**/api/mypage/worlds/*/payments', true, isCreatePayment);
        await payButton(page).click();
      },
    },
    {
      name: '支払う（要求がサーバーに届かず、予約状況から未払いとわかる）',
      from: ['choosing'],
      steps: [
        { type: 'checkout.pay', where: isPay },
        failed('createPayment', 'unknown'),
        done('verifyPayment', status('notPaid')),
      ],
      run: async ({ page }) => {
        await loseNext(page, '**/api/mypage/worlds/*/payments', false, isCreatePayment);
        await payButton(page).click();
      },
    },
    {
      name: '支払う（要求がサーバーに届かず、予約状況の確認も通信エラー）',
      from: ['choosing'],
      steps: [
        { type: 'checkout.pay', where: isPay },
        failed('createPayment', 'unknown'),
        failed('verifyPayment', 'unknown'),
      ],
      run: async ({ page }) => {
        await loseNext(page, '**/api/mypage/worlds/*/payments', false, isCreatePayment);
        await loseWhile(page, CALENDAR, async () => {
          await payButton(page).click();
          await panel(page).getByText('お支払いの結果を確認できていません').waitFor();
        });
      },
    },
    // The local provider's authentication dialog: 承認する or 拒否する.
    ...(['approve', 'reject'] as const).flatMap((answer) =>
      (['done', 'error'] as const).flatMap((answered) =>
        confirmOutcomes(answer, answered).map((confirm) => answerRule(answer, answered, confirm)),
      ),
    ),
    {
      name: '「お支払い状況を確認する」（確認の応答を保留して、確認中の画面を見る）',
      from: ['verifyFailed'],
      steps: [{ type: 'checkout.retry' }],
      run: async ({ page }, _events, later = []) => {
        if (later.length > 0) throw new Error('the held check ends the path; map what follows it');
        // The check's request is held (never answered) while the screen is checked; the path ends here.
        await page.route(CALENDAR, () => new Promise<void>(() => {}));
        await page.route(CONFIRM, () => new Promise<void>(() => {}));
        await panel(page).getByRole('button', { name: 'お支払い状況を確認する' }).click();
      },
    },
    // The outcome.
    {
      name: '拒否の知らせを「閉じる」',
      from: ['declined'],
      steps: [{ type: 'checkout.dismissed' }],
      run: async ({ page }) =>
        panel(page).getByRole('alert').getByRole('button', { name: '閉じる' }).click(),
    },
    {
      name: '「続けて予約する」',
      from: ['succeeded'],
      steps: [{ type: 'checkout.restarted' }],
      run: async ({ page }) => panel(page).getByRole('button', { name: '続けて予約する' }).click(),
    },
  ],
  states: {
    loadFailed: async ({ page }) => {
      await panel(page).getByText('登録済みのカードを読み込めませんでした。').waitFor();
    },
    choosing: async ({ page }, step) => {
      const c = step.context as {
        methods: unknown[];
        selectedId: string | null;
        notice: string | null;
        errors: string[];
      };
      const radios = panel(page).getByRole('radio');
      await expect.poll(() => radios.count()).toBe(c.methods.length);
      await payButton(page).waitFor();
      await dialog(page).waitFor({ state: 'hidden' });
      expect(await panel(page).getByText('お支払いができませんでした').count()).toBe(0);
      if (c.selectedId?.endsWith('c2'))
        expect(await panel(page).getByRole('radio', { name: /JCB/ }).isChecked()).toBe(true);
      if (c.notice) await panel(page).getByText(c.notice).waitFor();
    },
    addingCard: async ({ page }, step) => {
      const c = step.context as { cardErrors: string[]; methods: unknown[] };
      await panel(page).getByRole('form', { name: 'カードを追加' }).waitFor();
      await page.getByRole('button', { name: 'カードを登録する' }).waitFor();
      if (c.cardErrors.length)
        await panel(page).getByText('カードを登録できませんでした。').waitFor();
      expect(await panel(page).getByRole('button', { name: 'キャンセル' }).count()).toBe(
        c.methods.length > 0 ? 1 : 0,
      );
    },
    authenticating: async ({ page }, step) => {
      await dialog(page).waitFor();
      await expect
        .poll(() => dialog(page).getByRole('button', { name: '承認する' }).isEnabled())
        .toBe(true);
      // Opened again after an answer that did not arrive: the dialog says so; the first time, not.
      const again = (step.context as { errors: string[] }).errors.includes(ANSWER_AGAIN_MESSAGE);
      expect(await dialog(page).getByText(ANSWER_AGAIN_MESSAGE).count()).toBe(again ? 1 : 0);
    },
    stripeAction: async ({ page }, step) => {
      await panel(page).getByText('カード会社の認証を待っています…').waitFor();
      await challenge(page).waitFor();
      const again = (step.context as { errors: string[] }).errors.includes(ANSWER_AGAIN_MESSAGE);
      expect(await panel(page).getByText(ANSWER_AGAIN_MESSAGE).count()).toBe(again ? 1 : 0);
    },
    verifying: async ({ page }) => {
      await panel(page).getByText('お支払いの状況を確認しています…').waitFor();
    },
    verifyFailed: async ({ page }, step) => {
      await panel(page).getByText('お支払いの結果を確認できていません').waitFor();
      const c = step.context as { errors: string[] };
      if (c.errors.includes(PENDING_MESSAGE))
        await panel(page).getByText(PENDING_MESSAGE).waitFor();
      expect(await payButton(page).isDisabled()).toBe(true);
    },
    declined: async ({ page }) => {
      await panel(page)
        .getByRole('alert')
        .filter({ hasText: 'お支払いができませんでした' })
        .waitFor();
      await dialog(page).waitFor({ state: 'hidden' });
    },
    succeeded: async ({ page }) => {
      await panel(page)
        .getByRole('status')
        .filter({ hasText: 'お支払いが完了し、予約が確定しました' })
        .waitFor();
      await expect
        .poll(() =>
          panel(page).getByRole('list', { name: '予約済みの日時' }).getByRole('listitem').count(),
        )
        .toBe(1);
    },
  },
};

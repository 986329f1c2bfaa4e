// The world a checkout path runs in (tests/e2e/model-based/checkout.model.ts): owners whose
// saved cards fit what the path asks of them, on the server with the local payment provider or on
// the one paying through the fake Stripe, and the payment page opened with a date in the cart.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { registerUser } from '../support/accounts';
import { api, authHeaders } from '../support/api';
import { routeStripeJs, STRIPE_CARD_LABELS } from '../support/fake-stripe-js';
import type { StripeE2eServer } from '../support/stripe-server';
import { tokyo } from '../support/tokyo-time';

/** The local provider's test cards (server/payments/local.ts), and a JCB card that succeeds. */
const CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002760003184',
  jcb: '3566002020360505',
  /** Fails the Luhn check: the server refuses to register it. */
  invalid: '4242424242424241',
} as const;
/** The same cards at Stripe: its test card numbers, and its test PaymentMethods for setting up. */
const STRIPE_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000341',
  authentication: '4000002760003184',
  jcb: '3566002020360505',
  invalid: '4242424242424241',
} as const;
const STRIPE_METHODS = {
  succeeds: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  authentication: 'pm_card_authenticationRequired',
  jcb: 'pm_card_jcb',
} as const;
type PayCard = 'succeeds' | 'declined' | 'authentication';
/** The cards an owner holds before a path: none, or a default card (the model's VISA) and a JCB. */
type Setup = 'none' | PayCard;
type Provider = 'local' | 'stripe';

interface Owner {
  provider: Provider;
  email: string;
  password: string;
  worldId: string;
  setup: Setup;
  /** The cards the setup keeps; others (added on the page by an earlier path) are removed. */
  keep: string[];
  /** Sign-ins so far: the server allows 10 per address in 15 minutes. */
  signIns: number;
}

/**
 * Owners are shared by setup: sign-ups send mail (20 an hour per IP) and saving a card counts
 * against a card limit (about 30 an hour per IP), so a path reuses an owner whose cards fit it.
 */
export interface CheckoutSuite {
  url: string;
  /** The server paying through Stripe, for the paths that take Stripe's steps. */
  stripe: StripeE2eServer;
  owners: Owner[];
  /** Paths so far: each reserves on a day of its own. */
  paths: number;
}

export interface CheckoutWorld {
  page: Page;
  /** The server the path runs on: the suite's (local provider), or the Stripe one. */
  url: string;
  provider: Provider;
  suite: CheckoutSuite;
  owner: Owner | null;
}

const expYear = String(new Date().getFullYear() + 3);

/** A card saved through the API: the local provider's token, or Stripe's test PaymentMethod. */
async function saveCard(
  url: string,
  headers: Record<string, string>,
  provider: Provider,
  card: PayCard | 'jcb',
  isDefault: boolean,
): Promise<string> {
  let providerToken: string = STRIPE_METHODS[card];
  if (provider === 'local') {
    const body = { number: CARDS[card], expMonth: 12, expYear: Number(expYear), cvc: '123' };
    const token = await api(url, '/api/payments/local/tokens', { method: 'POST', headers, body });
    expect(token.status).toBe(201);
    providerToken = (token.json as { token: string }).token;
  }
  const method = await api(url, '/api/mypage/payment_methods', {
    method: 'POST',
    headers,
    body: { providerToken, isDefault },
  });
  expect(method.status).toBe(201);
  return (method.json as { id: string }).id;
}

async function signIn(url: string, owner: Owner) {
  owner.signIns += 1;
  const res = await api(url, '/api/auth/sign_in', {
    method: 'POST',
    body: { email: owner.email, password: owner.password },
  });
  expect(res.status).toBe(200);
  return { headers: authHeaders(res), userId: (res.json as { data: { id: string } }).data.id };
}

/** A confirmed owner (support/accounts.ts registerUser) with a world and the setup's cards. */
async function newOwner(
  suite: CheckoutSuite,
  url: string,
  provider: Provider,
  setup: Setup,
): Promise<Owner> {
  const email = `mbt-checkout-${suite.owners.length + 1}-${Date.now()}@example.com`;
  const password = 'mbt password 1';
  await registerUser(url, email, 'モデル 花子', password);
  const owner: Owner = { provider, email, password, worldId: '', setup, keep: [], signIns: 0 };
  const { headers } = await signIn(url, owner);
  const world = await api(url, '/api/mypage/worlds', {
    method: 'POST',
    headers,
    body: { name: `お支払いモデル ${setup}` },
  });
  expect(world.status).toBe(201);
  owner.worldId = (world.json as { id: string }).id;
  if (setup !== 'none')
    owner.keep = [
      await saveCard(url, headers, provider, setup, true),
      await saveCard(url, headers, provider, 'jcb', false),
    ];
  suite.owners.push(owner);
  return owner;
}

// What the rest of a path asks of the cards.

export const isPay = (e: AnyEventObject) =>
  e.type === 'checkout.pay' && (e.order as { items: unknown[] }).items.length > 0;
export const errorKind = (e: AnyEventObject | undefined) =>
  (e?.error as { kind?: string } | undefined)?.kind;
export const outputStatus = (e: AnyEventObject | undefined) =>
  (e?.output as { status?: string } | undefined)?.status;

/** The card the next payment (from `events`) needs, for its outcome. */
export function cardForNextPayment(events: readonly AnyEventObject[]): PayCard {
  const at = events.findIndex(isPay);
  if (at < 0) return 'succeeds';
  const outcome = events[at + 1];
  if (outcome?.type === 'xstate.done.actor.createPayment')
    return outputStatus(outcome) === 'requiresAction' ? 'authentication' : 'succeeds';
  if (outcome?.type === 'xstate.error.actor.createPayment') {
    if (errorKind(outcome) !== 'unknown') return 'declined';
    // The answer is lost: what the calendar shows afterwards is a held (pending) or a paid date.
    return outputStatus(events[at + 2]) === 'pending' ? 'authentication' : 'succeeds';
  }
  return 'succeeds';
}

export const providerOf = (e: AnyEventObject) =>
  (e.output as { provider?: Provider } | undefined)?.provider;
export const isStripeStep = (e: AnyEventObject) =>
  e.type.endsWith('.actor.handleNextAction') || providerOf(e) === 'stripe';
export const isLocalStep = (e: AnyEventObject) =>
  e.type.endsWith('.actor.authenticateLocal') ||
  e.type === 'checkout.authApproved' ||
  e.type === 'checkout.authRejected' ||
  providerOf(e) === 'local';

export function setupFor(events: readonly AnyEventObject[]): Setup {
  const load = events.find((e) => e.type === 'xstate.done.actor.loadMethods');
  if (load && (load.output as unknown[]).length === 0) return 'none';
  return cardForNextPayment(events);
}

/** An owner whose cards fit the path, signed in on the page, the payment page open, with a date in the cart. */
export async function openPaymentPage(
  world: CheckoutWorld,
  path: readonly AnyEventObject[],
  setup: Setup,
  open?: (page: Page) => Promise<void>,
) {
  const { suite, page } = world;
  if (path.some(isStripeStep)) {
    world.provider = 'stripe';
    world.url = suite.stripe.url;
    await routeStripeJs(page, suite.stripe.fake);
  }
  const { url, provider } = world;
  let owner = suite.owners.find(
    (o) => o.provider === provider && o.setup === setup && o.signIns < 9,
  );
  owner ??= await newOwner(suite, url, provider, setup);
  world.owner = owner;
  const { headers, userId } = await signIn(url, owner);
  // Cards an earlier path added on the page go; the setup's stay.
  const methods = await api(url, '/api/mypage/payment_methods', { headers });
  for (const m of (methods.json as { items: { id: string }[] }).items) {
    if (!owner.keep.includes(m.id))
      expect(
        (
          await api(url, `/api/mypage/payment_methods/${m.id}`, {
            method: 'DELETE',
            headers,
            body: {},
          })
        ).status,
      ).toBe(204);
  }
  // A same-origin page that does not start the app, so the session is stored before the app reads it.
  await page.goto(`${url}/build-meta.json`);
  await page.evaluate(
    ({ headers, userId }) => {
      localStorage.setItem('authAccessToken', headers['access-token']);
      localStorage.setItem('authClient', headers.client);
      localStorage.setItem('authUid', headers.uid);
      localStorage.setItem('userId', userId);
      localStorage.removeItem('userIsGuest');
    },
    { headers, userId },
  );
  // `open` opens the page itself, with what it needs in place.
  if (open) await open(page);
  else await page.goto(`${url}/mypage/worlds/${owner.worldId}/payment`);
  await page.getByRole('heading', { level: 1, name: 'お支払い手続き' }).waitFor();
  // A day of its own within the next year: no path's date meets another's.
  suite.paths += 1;
  const days = 2 + (suite.paths % 300);
  await page.getByLabel('開始日時').fill(tokyo(days, '10:00'));
  await page.getByLabel('終了日時').fill(tokyo(days, '11:00'));
  await page.getByRole('spinbutton', { name: '人数' }).fill('2');
  await expect
    .poll(() => page.getByRole('status', { name: '見積もり' }).textContent(), { timeout: 10_000 })
    .toMatch(/60分 × 2人 = [￥¥]220/);
  await page.getByRole('button', { name: 'カートに追加' }).click();
  await page.getByText('カートに追加しました。').first().waitFor();
}

/** The card form: the local provider's fields, or Stripe's card element. */
export async function fillCard({ page, provider }: CheckoutWorld, card: keyof typeof CARDS) {
  if (provider === 'stripe') {
    await page.getByLabel(STRIPE_CARD_LABELS.number).fill(STRIPE_CARDS[card]);
    await page.getByLabel(STRIPE_CARD_LABELS.expiry).fill(`12 / ${expYear.slice(2)}`);
    await page.getByLabel(STRIPE_CARD_LABELS.cvc).fill('123');
  } else {
    await page.getByLabel('カード番号').fill(CARDS[card]);
    await page.getByLabel('有効期限（月）').fill('12');
    await page.getByLabel('有効期限（年）').fill(expYear);
    await page.getByLabel('セキュリティコード').fill('123');
  }
  await page.getByRole('button', { name: 'カードを登録する' }).click();
}

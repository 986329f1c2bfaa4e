// A small Stripe.js for the browser tests, served through Playwright routing in place of
// https://js.stripe.com (offline here). It implements what src/services/payments/stripe.ts calls
// (elements().create('card'), confirmCardSetup, handleNextAction) the way Stripe.js does: requests
// to https://api.stripe.com with the publishable key as `key` and the object's client secret,
// which the routing hands to the local fake Stripe server (tests/support/fake-stripe.ts). The
// card element is plain inputs (Stripe's is an iframe); the issuer's 3-D Secure page is a dialog
// with Stripe's test buttons, 認証を完了する / 認証に失敗する.
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { FakeStripe } from '../../support/fake-stripe';

export const STRIPE_CARD_LABELS = {
  number: 'カード番号',
  expiry: '有効期限（MM / YY）',
  cvc: 'セキュリティコード',
} as const;
export const STRIPE_CHALLENGE = {
  title: '3D セキュア認証（テスト）',
  complete: '認証を完了する',
  fail: '認証に失敗する',
} as const;

/** The script's text: runs in the page, so it is plain JavaScript without imports. */
function script(labels: typeof STRIPE_CARD_LABELS, challenge: typeof STRIPE_CHALLENGE): string {
  return `(() => {
  const API = 'https://api.stripe.com';
  const labels = ${JSON.stringify(labels)};
  const challenge = ${JSON.stringify(challenge)};

  // Stripe's bracket syntax: { payment_method_data: { card: { number } } } → payment_method_data[card][number].
  function encode(params, prefix, out) {
    for (const [name, value] of Object.entries(params)) {
      const key = prefix ? prefix + '[' + name + ']' : name;
      if (value !== null && typeof value === 'object') encode(value, key, out);
      else out.append(key, String(value));
    }
    return out;
  }

  function luhn(number) {
    let sum = 0;
    [...number].reverse().forEach((d, i) => {
      let n = Number(d);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    });
    return /^\\d{12,19}$/.test(number) && sum % 10 === 0;
  }

  function Stripe(key) {
    async function call(method, path, params) {
      const form = encode({ ...params, key }, '', new URLSearchParams());
      try {
        const res = method === 'GET' ? await fetch(API + path + '?' + form) : await fetch(API + path, { method, body: form });
        return await res.json();
      } catch {
        return { error: { type: 'api_connection_error', message: 'Stripe に接続できませんでした。' } };
      }
    }
    const idOf = (clientSecret) => clientSecret.split('_secret_')[0];

    function cardElement() {
      const root = document.createElement('div');
      root.className = 'fake-stripe-card';
      const inputs = {};
      for (const [name, label] of Object.entries(labels)) {
        const input = document.createElement('input');
        input.setAttribute('aria-label', label);
        input.placeholder = label;
        input.inputMode = 'numeric';
        inputs[name] = input;
        root.append(input);
      }
      return {
        mount(target) { (typeof target === 'string' ? document.querySelector(target) : target).append(root); },
        destroy() { root.remove(); },
        on() {},
        read() {
          const [month, year] = inputs.expiry.value.split('/').map((part) => part.trim());
          return { number: inputs.number.value.replace(/\\s/g, ''), exp_month: month, exp_year: year, cvc: inputs.cvc.value };
        },
      };
    }

    /** The issuer's test page: resolves with 'complete' or 'fail' as the payer clicks. */
    function askPayer(intent) {
      return new Promise((resolve) => {
        const dialog = document.createElement('dialog');
        dialog.setAttribute('aria-label', challenge.title);
        const heading = document.createElement('h2');
        heading.textContent = challenge.title;
        const text = document.createElement('p');
        text.textContent = '¥' + intent.amount + ' のお支払いの本人認証です（Stripe のテスト用ページ）。';
        dialog.append(heading, text);
        for (const outcome of ['complete', 'fail']) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = challenge[outcome];
          button.addEventListener('click', () => {
            dialog.close();
            dialog.remove();
            resolve(outcome);
          });
          dialog.append(button);
        }
        document.body.append(dialog);
        dialog.showModal();
      });
    }

    return {
      elements: () => ({ create: () => cardElement() }),
      async confirmCardSetup(clientSecret, data) {
        const card = data.payment_method.card.read();
        if (!luhn(card.number)) {
          return { error: { type: 'validation_error', code: 'incorrect_number', message: 'カード番号が正しくありません。' } };
        }
        const answer = await call('POST', '/v1/setup_intents/' + idOf(clientSecret) + '/confirm', {
          client_secret: clientSecret,
          payment_method_data: { type: 'card', card },
        });
        return answer.error ? { error: answer.error } : { setupIntent: answer };
      },
      async handleNextAction({ clientSecret }) {
        const path = '/v1/payment_intents/' + idOf(clientSecret);
        let intent = await call('GET', path, { client_secret: clientSecret });
        if (intent.error || intent.status !== 'requires_action') return intent.error ? { error: intent.error } : { paymentIntent: intent };
        const outcome = await askPayer(intent);
        const answered = await call('POST', path + '/test_authentication', { client_secret: clientSecret, outcome });
        if (answered.error) return { error: answered.error };
        intent = await call('GET', path, { client_secret: clientSecret });
        if (intent.error) return { error: intent.error };
        return intent.status === 'succeeded' ? { paymentIntent: intent } : { error: intent.last_payment_error };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;
}

const isStripeApi = (url: URL) => url.origin === 'https://api.stripe.com';

/**
 * Stripe.js for `target`: the script from js.stripe.com, and Stripe's API answered by `fake`
 * (with CORS, as Stripe answers). A route added later on the page can still refuse a request.
 */
export async function routeStripeJs(target: Page | BrowserContext, fake: FakeStripe) {
  const source = script(STRIPE_CARD_LABELS, STRIPE_CHALLENGE);
  await target.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: source }),
  );
  await target.route(isStripeApi, async (route: Route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${fake.url}${url.pathname}${url.search}` });
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'access-control-allow-origin': '*' },
    });
  });
}

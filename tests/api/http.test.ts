import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listOperations, loadDocument } from '../../server/openapi/document';
import { handlers } from '../../server/app/handlers';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { anyIp, newSignedInUser, password } from './support/session';

const dist = mkdtempSync(join(tmpdir(), 'worlds-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html lang="ja"><title>Worlds</title><div id="root"></div></html>',
);
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'build-meta.json'), JSON.stringify({ id: 'build-1', timestamp: 1 }));

const t = useTestServer({ staticDir: dist });

describe(`HTTP surface on ${testDbKind}`, () => {
  it('answers health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testDbKind });
  });

  it('serves the app for client-side routes (history fallback) and caches hashed assets', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/mypage/worlds/abc/edit',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers unknown API paths with 404 JSON, never the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['見つかりません: /api/no/such/thing'] });
  });

  it('answers a declared call that is not built yet with 501 and the error schema', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    // Any GET without path parameters that has no handler yet (the list shrinks as areas are built).
    const pending = listOperations(await loadDocument()).find(
      (op) => op.method === 'GET' && !op.url.includes(':') && !(op.operationId in handlers),
    );
    if (!pending) return;
    const res = await t.app.inject({ method: 'GET', url: pending.url, headers });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toEqual({ errors: ['この機能はまだ提供されていません。'] });
  });

  it('sends security headers on API answers and pages', async () => {
    for (const url of ['/api/health', '/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('lets no cache keep any API answer (Cache-Control: no-store), tokens above all', async () => {
    const { email, headers } = await newSignedInUser(t.app, t.database.db);
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        payload: { email, password },
        remoteAddress: anyIp(),
      }),
      await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers }),
      await t.app.inject({ method: 'GET', url: '/api/mypage/me' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await t.app.inject({ method: 'GET', url: '/api/health' }),
    ];
    expect(answers[0]!.headers['access-token']).toBeTruthy();
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('tells the client about the current build', async () => {
    const latest = await t.app.inject({ method: 'GET', url: '/api/builds/latest?t=123' });
    expect(latest.json()).toEqual({ id: 'build-1', timestamp: 1 });
    expect(latest.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/builds/build-1' })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/builds/old-build' })).statusCode).toBe(
      404,
    );
  });

  it('lists outbox mail at /api/dev/mails and /dev/mails outside production', async () => {
    await newSignedInUser(t.app, t.database.db);
    const api = await t.app.inject({ method: 'GET', url: '/api/dev/mails' });
    expect(api.statusCode).toBe(200);
    expect(api.json().items[0].text).toContain('http://app.test/');
    const page = await t.app.inject({ method: 'GET', url: '/dev/mails' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<a href="http://app.test/confirmation?confirmation_token=');
  });
});

describe('in production', () => {
  const prod = useTestServer({ env: { NODE_ENV: 'production' }, staticDir: dist });

  it('has no development mail pages', async () => {
    expect((await prod.app.inject({ method: 'GET', url: '/api/dev/mails' })).statusCode).toBe(404);
    const page = await prod.app.inject({
      method: 'GET',
      url: '/dev/mails',
      headers: { accept: 'text/html' },
    });
    expect(page.body).not.toContain('メールの送信箱');
  });
});

describe('with Stripe, the bot check and Sentry configured', () => {
  const configured = useTestServer({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_csp',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
      STRIPE_WEBHOOK_SECRET: 'whsec_csp',
      BOT_CHECK_SECRET: 'bot-secret',
      VITE_SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
    },
    staticDir: dist,
  });

  it('lets the page reach exactly those services', async () => {
    const csp = String(
      (await configured.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }))
        .headers['content-security-policy'],
    );
    expect(csp).toContain(
      "script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com https://www.google.com https://www.gstatic.com",
    );
    expect(csp).toContain('https://api.stripe.com https://o1.ingest.sentry.io');
    expect(csp).toContain(
      "frame-src 'self' https://js.stripe.com https://hooks.stripe.com https://www.google.com",
    );
  });
});

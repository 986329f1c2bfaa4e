import Fastify, { type FastifyBaseLogger } from 'fastify';
import { authHeaders, requireAuth } from '../auth/hook';
import { isAccountArea, refuseGuests } from '../guests/guard';
import { requireWorldRole } from '../worlds/access';
import type { AppDeps } from './deps';
import { registerErrorHandler } from '../http/errors';
import { registerJsonBodies } from '../http/json-body';
import { registerSecurityHeaders } from '../http/security-headers';
import { registerStatic } from '../http/static';
import { listOperations, loadDocument } from '../openapi/document';
import { registerOperations } from '../openapi/register';
import { keepRawBody } from '../payments/stripe-webhook';
import { registerRealtimeSocket } from '../realtime/socket';
import { handlers } from './handlers';
import { registerDevPages } from './dev-pages';
import { registerReceiptPages } from '../payments/receipts.routes';
import { ingestBatch } from '../users/user-actions';
import { s3Origins } from '../files/s3-storage';

export type AppOptions = {
  /** Check every JSON answer against the OpenAPI document (tests turn it on). */
  validateResponses?: boolean;
  logger?: FastifyBaseLogger;
};

const formatSuffix = /^(\/api\/[^?]*?)\.(json|csv)(\?.*)?$/;

export async function buildApp(deps: AppDeps, options: AppOptions = {}) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    // Any API path also answers with a .json (or .csv for downloads) suffix: strip it before
    // routing and remember it for the handler.
    rewriteUrl(req) {
      const url = req.url ?? '/';
      const match = formatSuffix.exec(url);
      if (!match) return url;
      (req as { format?: string }).format = match[2];
      return match[1]! + (match[3] ?? '');
    },
  });
  app.decorate('deps', deps);
  app.decorateRequest('auth', null);
  app.decorateRequest('world', null);
  app.decorateRequest('format', null);
  app.addHook('onRequest', async (req) => {
    req.format = (req.raw as { format?: 'json' | 'csv' }).format ?? null;
  });
  app.addHook('onSend', authHeaders);
  // API answers carry tokens and personal data: no browser or proxy cache keeps any of them.
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  // JSON only: a text/plain body would otherwise reach validation as a string.
  app.removeContentTypeParser('text/plain');
  registerJsonBodies(app);
  registerErrorHandler(app);
  const thirdParties = thirdPartyOrigins(deps.config);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // wasm-unsafe-eval: compiling our own WebAssembly (the virtual background's segmenter,
        // ADR 024); it allows no eval of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...thirdParties.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...thirdParties.files],
        connectSrc: ["'self'", 'ws:', 'wss:', ...thirdParties.connect],
        frameSrc: ["'self'", ...thirdParties.frame],
        mediaSrc: ["'self'", 'blob:', ...thirdParties.files],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The product also runs on plain http (localhost, a LAN); upgrading would break it there.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  const production = deps.config.env === 'production';
  const operations = listOperations(await loadDocument()).filter(
    (op) => !(production && op.path.startsWith('/api/dev/')),
  );
  // Stripe signs the bytes it sent: that one route keeps its raw body beside the parsed one.
  app.addHook('onRoute', keepRawBody('receiveStripeWebhook'));
  registerOperations(app, operations, handlers, {
    validateResponses: options.validateResponses ?? false,
    guards: { requireAuth, isAccountArea, refuseGuests, requireWorldRole },
  });
  await registerRealtimeSocket(app);
  if (!production) registerDevPages(app);
  registerReceiptPages(app);
  deps.uploads.register(app, async (key, path) => {
    if (key.startsWith('user-actions/')) await ingestBatch(deps.database.db, key, path, deps.now());
  });
  await registerStatic(app, deps.staticDir);
  return app;
}

/**
 * The origins the browser may reach besides ours, only for the services that are configured:
 * Stripe.js (payments), the bot check's script, Sentry's ingest (from the same VITE_SENTRY_DSN
 * the build read), the S3 bucket of uploads.
 */
function thirdPartyOrigins(config: AppDeps['config']) {
  const script: string[] = [];
  const connect: string[] = [];
  const frame: string[] = [];
  if (config.stripe) {
    script.push('https://js.stripe.com');
    connect.push('https://api.stripe.com');
    frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
  }
  if (config.botCheck) {
    script.push('https://www.google.com', 'https://www.gstatic.com');
    frame.push('https://www.google.com');
  }
  if (config.sentryDsn) connect.push(new URL(config.sentryDsn).origin);
  // Uploads go from the browser straight to S3, and files are read from there (docs/deploying.md).
  const files: string[] = [];
  if (config.uploads.s3) {
    const { upload, read } = s3Origins(config.uploads.s3);
    connect.push(upload);
    files.push(read);
  }
  return { script, connect, frame, files };
}

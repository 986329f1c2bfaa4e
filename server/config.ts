import { z } from 'zod';
import { REGISTRATION_NUMBER } from '../src/domain/receipt';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    STATIC_DIR: z.string().min(1).optional(),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().min(3).default('Worlds <no-reply@localhost>'),
    APP_URL: optionalUrl,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_PRETTY: z.enum(['0', '1']).optional(),
    SEED_DEMO: z.enum(['true', 'false']).optional(),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    CONTACT_TO: z.email().optional(),
    // The issuer printed on receipts (docs/receipts.md): without a registration number they say
    // they are not qualified invoices.
    INVOICE_ISSUER_NAME: z.string().trim().min(1).max(100).default('Worlds'),
    INVOICE_REGISTRATION_NUMBER: optionalText.pipe(
      z
        .string()
        .regex(REGISTRATION_NUMBER, 'must be T followed by 13 digits (T1234567890123)')
        .optional(),
    ),
    // 特定商取引法に基づく表記 (/legal/commerce, docs/configuration.md): unset address, phone or
    // e-mail are "disclosed on request".
    SELLER_NAME: optionalText.pipe(z.string().max(100).optional()),
    SELLER_REPRESENTATIVE: optionalText.pipe(z.string().max(100).optional()),
    SELLER_ADDRESS: optionalText.pipe(z.string().max(200).optional()),
    SELLER_PHONE: optionalText.pipe(
      z
        .string()
        .regex(/^\+?[0-9][0-9-]{8,28}$/, 'must be a phone number (03-1234-5678)')
        .optional(),
    ),
    SELLER_EMAIL: optionalText.pipe(z.email().optional()),
    BOT_CHECK_SECRET: z.string().min(1).optional(),
    // The browser build's Sentry DSN (read by Vite at build time); the server allows its origin
    // in the Content-Security-Policy.
    VITE_SENTRY_DSN: optionalUrl,
    BOT_CHECK_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    BOT_CHECK_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    // Stripe instead of the local test provider:
    // | `STRIPE_SECRET_KEY` | — | Turns Stripe on (`sk_test_…`, `sk_live_…` or a restricted `rk_…`); needs the two below |
    // | `STRIPE_PUBLISHABLE_KEY` | — | `pk_…` of the same mode, handed to Stripe.js in the browser |
    // | `STRIPE_WEBHOOK_SECRET` | — | `whsec_…` of the endpoint `/api/webhooks/stripe`, to check `Stripe-Signature` |
    // | `STRIPE_API_BASE` | Stripe's API | Another server speaking Stripe's API (`http://127.0.0.1:12111`, stripe-mock); tests only |
    // Meetings (ADR 010, 023): built in (mesh for small spaces, media server for larger) unless Amazon Chime is chosen.
    // | `AWS_REGION` | — | Turns Amazon Chime meetings on (credentials from the AWS default chain: environment, profile, instance role) |
    // | `MEETING_PROVIDER` | `chime` with `AWS_REGION`, else `embedded` | `embedded`: spaces of up to 3 seats on the built-in browser-to-browser mesh, larger ones (hall, stage, tables of 4+) on the built-in media server; `sfu`: the media server for every space; `local`: the mesh for every space (all three even where `AWS_REGION` is set) |
    // | `CHIME_MEDIA_REGION` | `AWS_REGION` | Where Chime hosts the media of new meetings (`ap-northeast-1`) |
    // | `CHIME_RECORDINGS_BUCKET` | — | With Chime: the S3 bucket (in `AWS_REGION`) its media capture pipelines record into (ADR 025); without it Chime meetings are not recorded |
    // | `REALTIME_HEARTBEAT_SECONDS` | `30` | WebSocket ping interval; a socket silent for two beats is dropped |
    // | `LIVE_STREAM_EMPTY_STAGE_SECONDS` | `60` | How long a live stream stays live with nobody on the stage before it ends by itself (ADR 026) |
    AWS_REGION: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as ap-northeast-1')
        .optional(),
    ),
    MEETING_PROVIDER: z.enum(['embedded', 'local', 'sfu', 'chime']).optional(),
    CHIME_MEDIA_REGION: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as ap-northeast-1')
        .optional(),
    ),
    // Reconciliation of checkouts whose charge answer was lost (docs/decisions/008).
    CHIME_RECORDINGS_BUCKET: optionalText,
    PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).default(60),
    PAYMENT_RECONCILE_NOT_CHARGED_AFTER_SECONDS: z.coerce.number().int().min(1).default(300),
    PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(30),
    // A test kills the server here (SIGKILL) to show reconciliation; honoured only when NODE_ENV=test.
    TEST_CRASH_POINT: z.enum(['after-charge']).optional(),
    REALTIME_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(300).default(30),
    LIVE_STREAM_EMPTY_STAGE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^(sk|rk)_/, 'must start with sk_ or rk_ (a secret key)')
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
      z.string().regex(/^pk_/, 'must start with pk_ (a publishable key)').optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^whsec_/, 'must start with whsec_ (a webhook signing secret)')
        .optional(),
    ),
    STRIPE_API_BASE: optionalUrl.pipe(
      z
        .string()
        .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be http(s)://host[:port] with no path')
        .optional(),
    ),
    // Uploads: local signed URLs served by this server (files under DATA_DIR/uploads) unless
    // S3_BUCKET is set. Credentials for S3 come from the AWS SDK's usual chain (AWS_ACCESS_KEY_ID…).
    UPLOAD_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    S3_BUCKET: optionalText,
    S3_REGION: z.string().min(1).default('ap-northeast-1'),
    S3_ENDPOINT: optionalUrl,
    S3_PUBLIC_URL: optionalUrl,
  })
  .superRefine((e, ctx) => {
    if (e.MEETING_PROVIDER === 'chime' && !e.AWS_REGION) {
      ctx.addIssue({
        code: 'custom',
        path: ['MEETING_PROVIDER'],
        message: 'is chime but AWS_REGION is not set',
      });
    }
    for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_URL'] as const) {
      if (e[name] && !e.S3_BUCKET)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is set but S3_BUCKET is not (uploads stay local)',
        });
    }
    const stripeVariables = [
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_API_BASE',
    ] as const;
    if (!e.STRIPE_SECRET_KEY) {
      for (const name of stripeVariables) {
        if (e[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is set but STRIPE_SECRET_KEY is not (Stripe stays off)',
          });
      }
      return;
    }
    if (!e.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'is required when STRIPE_SECRET_KEY is set',
      });
    } else if (modesDiffer(e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'is not of the same mode (test/live) as STRIPE_SECRET_KEY',
      });
    }
    if (!e.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when STRIPE_SECRET_KEY is set',
      });
    }
  });

/** A test key beside a live one (`sk_test_…` with `pk_live_…`); keys of another shape are not compared. */
function modesDiffer(secretKey: string, publishableKey: string): boolean {
  const mode = (key: string) => /^[a-z]+_(test|live)_/.exec(key)?.[1];
  const [a, b] = [mode(secretKey), mode(publishableKey)];
  return a !== undefined && b !== undefined && a !== b;
}

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another server speaking Stripe's API (tests, stripe-mock), as the SDK's options; absent: Stripe's own. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** The built app to serve; undefined: dist/ next to the server. */
  staticDir: string | undefined;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public base URL of the app, used in links inside mails. */
  appUrl: string;
  logLevel: string;
  /** Logs for a person instead of JSON; undefined: when stdout is a terminal. Never in production. */
  logPretty: boolean | undefined;
  seedDemo: boolean;
  trustProxy: boolean;
  sentryDsn: string | undefined;
  /** Where contact messages are mailed; they are stored either way. */
  contactTo: string | undefined;
  /** Who issues the receipts; registrationNumber null: they are not qualified invoices. */
  invoiceIssuer: { name: string; registrationNumber: string | null };
  /** 特定商取引法に基づく表記: null where disclosed on request. */
  seller: {
    seller: string;
    representative: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
  };
  /** The bot check of the contact form, when a secret is configured. */
  botCheck: { secret: string; verifyUrl: string; minScore: number } | undefined;
  /** Card payments through Stripe; undefined: the local test provider. */
  stripe: StripeConfig | undefined;
  /** Meetings on Amazon Chime, or the local WebRTC mesh. */
  meetings:
    | { provider: 'embedded' | 'local' | 'sfu' }
    | { provider: 'chime'; region: string; mediaRegion: string; recordingsBucket?: string };
  realtimeHeartbeatMs: number;
  /** Live streaming of the stage (ADR 026): how long an emptied stage stays live. */
  liveStreaming: { emptyStageGraceMs: number };
  /** Payments left processing this long are settled against the provider, every intervalMs (0: never). */
  paymentReconcile: { afterMs: number; notChargedAfterMs: number; intervalMs: number };
  /** Tests only: where the server kills itself (a crash between the charge and the commit). */
  crashPoint: 'after-charge' | undefined;
  /** Where uploads go: signed URLs of this server (local), or S3 presigned URLs. */
  uploads: UploadConfig;
};

type UploadConfig = {
  /** This server's signed uploads (always used for user-action batches). */
  dir: string;
  signingSecret: string | undefined;
  /** Files go to S3 instead when set. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        publicUrl: string | undefined;
      }
    | undefined;
};

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    staticDir: e.STATIC_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    logPretty:
      e.NODE_ENV === 'production' ? false : e.LOG_PRETTY ? e.LOG_PRETTY === '1' : undefined,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production',
    trustProxy: e.TRUST_PROXY === 'true',
    contactTo: e.CONTACT_TO,
    invoiceIssuer: {
      name: e.INVOICE_ISSUER_NAME,
      registrationNumber: e.INVOICE_REGISTRATION_NUMBER ?? null,
    },
    seller: {
      seller: e.SELLER_NAME ?? e.INVOICE_ISSUER_NAME,
      representative: e.SELLER_REPRESENTATIVE ?? null,
      address: e.SELLER_ADDRESS ?? null,
      phone: e.SELLER_PHONE ?? null,
      email: e.SELLER_EMAIL ?? e.CONTACT_TO ?? null,
    },
    sentryDsn: e.VITE_SENTRY_DSN,
    botCheck: e.BOT_CHECK_SECRET
      ? {
          secret: e.BOT_CHECK_SECRET,
          verifyUrl: e.BOT_CHECK_VERIFY_URL,
          minScore: e.BOT_CHECK_MIN_SCORE,
        }
      : undefined,
    meetings:
      e.AWS_REGION && (e.MEETING_PROVIDER ?? 'chime') === 'chime'
        ? {
            provider: 'chime',
            region: e.AWS_REGION,
            mediaRegion: e.CHIME_MEDIA_REGION ?? e.AWS_REGION,
            recordingsBucket: e.CHIME_RECORDINGS_BUCKET,
          }
        : {
            provider:
              e.MEETING_PROVIDER === 'local' || e.MEETING_PROVIDER === 'sfu'
                ? e.MEETING_PROVIDER
                : 'embedded',
          },
    realtimeHeartbeatMs: Math.round(e.REALTIME_HEARTBEAT_SECONDS * 1000),
    liveStreaming: { emptyStageGraceMs: e.LIVE_STREAM_EMPTY_STAGE_SECONDS * 1000 },
    paymentReconcile: {
      afterMs: e.PAYMENT_RECONCILE_AFTER_SECONDS * 1000,
      // A charge Stripe's search cannot find yet is not "no charge" (ADR 008): never sooner.
      notChargedAfterMs:
        Math.max(e.PAYMENT_RECONCILE_NOT_CHARGED_AFTER_SECONDS, e.PAYMENT_RECONCILE_AFTER_SECONDS) *
        1000,
      intervalMs: e.PAYMENT_RECONCILE_INTERVAL_SECONDS * 1000,
    },
    crashPoint: e.NODE_ENV === 'test' ? e.TEST_CRASH_POINT : undefined,
    uploads: {
      dir: `${e.DATA_DIR}/uploads`,
      signingSecret: e.UPLOAD_SIGNING_SECRET,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
          }
        : undefined,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_BASE ? { api: stripeApi(e.STRIPE_API_BASE) } : {}),
          }
        : undefined,
  };
}

function stripeApi(base: string): NonNullable<StripeConfig['api']> {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

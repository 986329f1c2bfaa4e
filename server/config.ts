import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Worlds <no-reply@localhost>'),
  APP_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  CONTACT_TO: z.email().optional(),
  BOT_CHECK_SECRET: z.string().min(1).optional(),
  BOT_CHECK_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  BOT_CHECK_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public base URL of the app, used in links inside mails. */
  appUrl: string;
  logLevel: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Where contact messages are mailed; they are stored either way. */
  contactTo: string | undefined;
  /** The bot check of the contact form, when a secret is configured. */
  botCheck: { secret: string; verifyUrl: string; minScore: number } | undefined;
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
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production',
    trustProxy: e.TRUST_PROXY === 'true',
    contactTo: e.CONTACT_TO,
    botCheck: e.BOT_CHECK_SECRET
      ? { secret: e.BOT_CHECK_SECRET, verifyUrl: e.BOT_CHECK_VERIFY_URL, minScore: e.BOT_CHECK_MIN_SCORE }
      : undefined,
  };
}

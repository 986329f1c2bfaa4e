import { buildApp } from './app';
import { createMemoryRateLimiter, createRedisRateLimiter } from './adapters/rate-limit';
import { createSmtpTransport } from './adapters/smtp';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connect';
import { DataDirLockedError } from './db/lock-file';
import { demoAccount, seedDemo } from './db/seed';
import { createLogger } from './http/logger';
import { startMailDelivery } from './mail/delivery';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  const rateLimiter = config.redisUrl ? createRedisRateLimiter(config.redisUrl) : createMemoryRateLimiter();
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null;
  const delivery = transport
    ? startMailDelivery({ db: database.db, transport, logger: logger.child({ part: 'mail' }) })
    : null;

  const app = await buildApp(
    { config, database, rateLimiter, mailWritten: () => delivery?.kick(), now: () => new Date() },
    { logger },
  );
  const seeded = config.seedDemo && (await seedDemo(database.db, new Date()));
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  const lines = [
    `Worlds is running at ${url}`,
    `  database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  mail: ${transport ? 'SMTP (SMTP_URL)' : `outbox, readable at ${url}/dev/mails`}`,
  ];
  if (seeded) lines.push(`  demo account created: sign in at ${url}/signin as ${demoAccount.email} / ${demoAccount.password}`);
  else if (config.seedDemo) lines.push(`  demo account (if unchanged): ${demoAccount.email} / ${demoAccount.password}`);
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await delivery?.stop();
    transport?.close();
    await rateLimiter.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof DataDirLockedError) {
    console.error(e.message);
  } else {
    console.error(e);
  }
  process.exit(1);
});

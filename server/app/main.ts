import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/lock-file';
import { FilesNotSharedError } from '../files/shared-dir';
import { demoAccount, seedDemo } from './seed';
import { createLogger, readableLogs } from '../http/logger';
import { startServer } from './start';

async function main() {
  const config = loadConfig();
  const readable = config.logPretty ?? process.stdout.isTTY;
  const logger = createLogger(config.logLevel, readable ? readableLogs() : undefined);
  const server = await startServer(config, { logger });
  const seeded = config.seedDemo && (await seedDemo(server.database.db, new Date(), config.appUrl));
  await server.app.listen({ host: config.host, port: config.port });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  const lines = [
    `Worlds is running at ${url}`,
    `  database: ${server.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  mail: ${server.transport === 'smtp' ? 'SMTP (SMTP_URL)' : `outbox, readable at ${url}/dev/mails`}`,
  ];
  if (seeded)
    lines.push(
      `  demo account created: sign in at ${url}/signin as ${demoAccount.email} / ${demoAccount.password}`,
    );
  else if (config.seedDemo)
    lines.push(`  demo account (unless changed): ${demoAccount.email} / ${demoAccount.password}`);
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(
    e instanceof ConfigError || e instanceof DataDirLockedError || e instanceof FilesNotSharedError
      ? e.message
      : e,
  );
  process.exit(1);
});

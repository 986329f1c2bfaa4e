import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { mails } from '../db/schema';

/** What delivery needs from a mail service; the SMTP adapter implements it. */
export type MailTransport = {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
};

/** The pino methods delivery uses; a pino logger (or a child of one) fits as is. */
export type MailLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type MailDelivery = {
  /** Look for due mail now (call after a transaction that enqueued mail has committed). */
  kick(): void;
  /** Stop polling; resolves once the batch in progress, if any, has finished. */
  stop(): Promise<void>;
  /** Resolves when no mail is due (sent, or backed off, or given up). Rejects if the database fails. */
  drain(): Promise<void>;
};

/** After this many failed attempts a mail stays unsent, with its last error, for a person to look at. */
export const maxAttempts = 10;
const backoffBaseSeconds = 60;
const backoffCapSeconds = 60 * 60;
/**
 * A claimed mail's next_attempt_at is pushed this far ahead, so no other server picks it while
 * this one is sending. It must outlast a whole batch of sends (the SMTP adapter's timeouts bound
 * each one); if a server dies mid-batch its mails become due again after the lease.
 */
const claimLeaseSeconds = 15 * 60;
const batchSize = 10;
const lastErrorMaxLength = 500;

/** Seconds to wait before the next attempt, after `attempts` failures: 1, 2, 4 ... minutes, capped at 1 hour. */
function backoffSeconds(attempts: number): number {
  return Math.min(backoffBaseSeconds * 2 ** Math.max(0, attempts - 1), backoffCapSeconds);
}

/**
 * Delivers the outbox through a transport. Only started when SMTP is configured; without it the
 * stored mail is the delivery.
 *
 * Several servers may run this against one PostgreSQL: each claims a batch with
 * `for update skip locked` and, in the same transaction, moves the batch's next_attempt_at past a
 * lease, so a mail is claimed by one server at a time. Sending happens after that transaction has
 * committed so that no row lock (and, on PGlite, no connection) is held while talking to SMTP.
 * Delivery is therefore at-least-once: a server that dies after sending but before recording it
 * sends that mail again when the lease ends, which is the usual trade-off of an outbox.
 */
export function startMailDelivery({
  db,
  transport,
  logger,
  intervalMs = 5000,
}: {
  db: Db;
  transport: MailTransport;
  logger: MailLogger;
  /** How often to look for mail that became due without a kick (retries, other servers' mail). */
  intervalMs?: number;
}): MailDelivery {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let kickedWhileRunning = false;
  let lastRunError: unknown;

  const due = and(
    isNull(mails.sentAt),
    lte(mails.nextAttemptAt, sql`now()`),
    lt(mails.attempts, maxAttempts),
  );

  async function claimBatch() {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: mails.id,
          to: mails.toAddress,
          subject: mails.subject,
          text: mails.textBody,
          attempts: mails.attempts,
        })
        .from(mails)
        .where(due)
        .orderBy(asc(mails.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length > 0) {
        await tx
          .update(mails)
          .set({ nextAttemptAt: sql`now() + make_interval(secs => ${claimLeaseSeconds})` })
          .where(
            inArray(
              mails.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    });
  }

  async function deliver(mail: {
    id: string;
    to: string;
    subject: string;
    text: string;
    attempts: number;
  }) {
    try {
      await transport.send({ to: mail.to, subject: mail.subject, text: mail.text });
    } catch (e) {
      const attempts = mail.attempts + 1;
      const error = describeError(e);
      const giveUp = attempts >= maxAttempts;
      const delay = backoffSeconds(attempts);
      await db
        .update(mails)
        .set({
          attempts,
          lastError: error,
          nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
        })
        .where(and(eq(mails.id, mail.id), isNull(mails.sentAt)));
      // The id is enough to find the mail; the body holds one-time links and stays out of logs.
      if (giveUp)
        logger.error({ mailId: mail.id, attempts, error }, 'mail delivery failed; giving up');
      else
        logger.warn(
          { mailId: mail.id, attempts, error, retryInSeconds: delay },
          'mail delivery failed; will retry',
        );
      return;
    }
    await db
      .update(mails)
      .set({ sentAt: sql`now()`, lastError: null })
      .where(and(eq(mails.id, mail.id), isNull(mails.sentAt)));
    logger.info({ mailId: mail.id }, 'mail sent');
  }

  /** Claims and sends batches until one comes back short (nothing more is due right now). */
  async function run(): Promise<void> {
    do {
      kickedWhileRunning = false;
      for (;;) {
        if (stopped) return;
        const batch = await claimBatch();
        for (const mail of batch) await deliver(mail);
        if (batch.length < batchSize) break;
      }
    } while (kickedWhileRunning && !stopped);
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(kick, intervalMs);
    // Polling must not keep a process (or a test run) alive on its own.
    timer.unref();
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      kickedWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    running = run()
      .then(
        () => {
          lastRunError = undefined;
        },
        (e: unknown) => {
          lastRunError = e;
          logger.error({ error: describeError(e) }, 'mail delivery loop failed; will retry');
        },
      )
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  async function anythingDue(): Promise<boolean> {
    const rows = await db.select({ id: mails.id }).from(mails).where(due).limit(1);
    return rows.length > 0;
  }

  kick();

  return {
    kick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    async drain() {
      for (;;) {
        if (stopped) return;
        kick();
        await running;
        if (lastRunError !== undefined) throw lastRunError;
        // Another caller may have enqueued mail after the last claim came back short.
        if (!(await anythingDue())) return;
      }
    },
  };
}

/**
 * A one-line reason for last_error and logs. Transports are responsible for not putting
 * credentials in their messages (the SMTP adapter redacts its URL); this also caps the length
 * so a chatty server reply cannot bloat the row.
 */
function describeError(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const oneLine = message.replace(/\s+/g, ' ').trim() || 'unknown error';
  return oneLine.length > lastErrorMaxLength
    ? `${oneLine.slice(0, lastErrorMaxLength - 1)}…`
    : oneLine;
}

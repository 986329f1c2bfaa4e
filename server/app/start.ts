import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createBotCheck } from '../http/bot-check';
import { createMemoryRateLimiter, createRedisRateLimiter } from '../http/rate-limiter';
import { createSmtpTransport } from '../mail/smtp';
import { buildApp } from './app';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/connect';
import { liveProcessIds, startProcessLease } from '../db/process-lease';
import { createJobRunner, type JobRunner } from '../http/jobs';
import { defaultStaticDir } from '../http/static';
import { startMailDelivery } from '../mail/delivery';
import { createLocalProvider } from '../payments/local';
import { startReconciliation } from '../payments/reconcile';
import { createStripeProvider } from '../payments/stripe';
import type { PaymentProvider } from '../payments/provider';
import { createChimeMeetingProvider } from '../meetings/chime-provider';
import {
  createEmbeddedMeetingProvider,
  createLocalMeetingProvider,
} from '../meetings/local-provider';
import { createMediaServer } from '../meetings/media-server';
import { createMediaRooms } from '../meetings/media-rooms';
import { createChimeRecorder } from '../meetings/chime-recorder';
import { createLocalRecorder } from '../meetings/recorder';
import { createRecordings, stoppingRecordings } from '../meetings/recordings';
import { watchEmptyStages } from '../meetings/empty-stages';
import type { MeetingProvider } from '../meetings/provider';
import { createLocalBus } from '../realtime/bus';
import { createHub, type Hub } from '../realtime/hub';
import { attendingUsers, endAttendance } from '../meetings/removal';
import { createRedisBus } from '../realtime/redis-bus';
import { createLocalStorage } from '../files/local-storage';
import { createS3Storage } from '../files/s3-storage';
import { markSharedDir } from '../files/shared-dir';

export type StartOptions = {
  logger?: FastifyBaseLogger;
  validateResponses?: boolean;
  now?: () => Date;
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  /** The built app to serve (default dist/). */
  staticDir?: string;
  /** A payment provider chosen by the caller (tests); otherwise chosen from the config. */
  payments?: PaymentProvider;
  /** A meeting provider chosen by the caller (tests); otherwise chosen from the config. */
  meetings?: MeetingProvider;
  /** Runs work after answers (tests hold it back); otherwise http/jobs.ts's runner. */
  jobs?: JobRunner;
};

/** Wires the ports chosen by the config into the app; main.ts and the API tests both start here. */
export async function startServer(config: Config, options: StartOptions = {}) {
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
    ));
  // One process of many (docs/decisions/032): its logs and what it owns carry its id.
  const processId = randomUUID();
  const logger = options.logger?.child({ processId });
  // Uploads without S3 and the media server's recordings are files here: every process must
  // see the same directory (docs/deploying.md), checked before anything starts.
  const sharedDir =
    !config.uploads.s3 || config.meetings.provider !== 'chime'
      ? await markSharedDir(config.uploads.dir, processId, () => liveProcessIds(database.db))
      : null;
  const rateLimiter = config.redisUrl
    ? createRedisRateLimiter(config.redisUrl)
    : createMemoryRateLimiter();
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null;
  const mailLogger = logger?.child({ part: 'mail' }) ?? silentLogger;
  const delivery = transport
    ? startMailDelivery({ db: database.db, transport, logger: mailLogger })
    : null;
  const now = options.now ?? (() => new Date());
  const jobs = options.jobs ?? createJobRunner(logger?.child({ part: 'jobs' }) ?? silentLogger);
  const payments: PaymentProvider =
    options.payments ??
    (config.stripe
      ? createStripeProvider(config.stripe)
      : createLocalProvider({ db: database.db, appUrl: config.appUrl, now }));
  const realtimeLogger = logger?.child({ part: 'realtime' }) ?? silentLogger;
  const bus = config.redisUrl ? createRedisBus(config.redisUrl) : createLocalBus();
  const onMediaError = (err: unknown) => realtimeLogger.warn({ err }, 'media server');
  const media =
    // Every space but Chime's can meet on the media server (a stage always does: ADR 026).
    !options.meetings && config.meetings.provider !== 'chime'
      ? createMediaServer({ onError: onMediaError })
      : undefined;
  // Each room on the process that started its meeting, reached through the bus (ADR 039).
  const rooms =
    media && createMediaRooms({ media, bus, processId, db: database.db, onError: onMediaError });
  // A meeting that ended stops its recording (ADR 025); the recordings exist further down.
  let meetingEnded = () => {};
  const meetings: MeetingProvider = stoppingRecordings(
    options.meetings ??
      (config.meetings.provider === 'chime'
        ? createChimeMeetingProvider(config.meetings)
        : config.meetings.provider === 'sfu' || !rooms
          ? createLocalMeetingProvider(config.appUrl, rooms)
          : createEmbeddedMeetingProvider(config.appUrl, rooms, config.meetings.provider)),
    () => meetingEnded(),
  );
  /** The meeting use cases' context outside a request, read at `now()`. */
  const meetingContext = () => ({
    db: database.db,
    meetings,
    publish: realtime.publish,
    disconnect: realtime.disconnect,
    now: now(),
    logger: realtimeLogger,
  });
  const realtime: Hub = createHub({
    processId,
    media: rooms,
    bus,
    db: database.db,
    heartbeatMs: config.realtimeHeartbeatMs,
    logger: realtimeLogger,
    attendance: {
      end: (worldId, userId) => endAttendance(meetingContext(), worldId, userId),
      attending: () => attendingUsers(database.db),
    },
  });
  const emptyStages = watchEmptyStages({
    database,
    context: meetingContext,
    rules: config.liveStreaming,
    logger: realtimeLogger,
  });
  const uploads = createLocalStorage({
    dir: config.uploads.dir,
    appUrl: config.appUrl,
    signingSecret: config.uploads.signingSecret,
  });
  const meetingConfig = config.meetings;
  const recordings = createRecordings({
    db: database.db,
    processId,
    recorder: media
      ? createLocalRecorder(media, uploads)
      : meetingConfig.provider === 'chime' && meetingConfig.recordingsBucket
        ? createChimeRecorder({
            region: meetingConfig.region,
            bucket: meetingConfig.recordingsBucket,
          })
        : null,
    publish: realtime.publish,
    jobs,
    now,
    logger: realtimeLogger,
  });
  // Before the first request: what processes that are gone left behind is taken over now, and
  // what one that dies later leaves within its lease and a beat.
  const lease = await startProcessLease({
    id: processId,
    db: database.db,
    // Half a heartbeat: a dead process is taken over within two (docs/decisions/032).
    beatMs: config.realtimeHeartbeatMs / 2,
    logger: logger?.child({ part: 'processes' }) ?? silentLogger,
    async takeOver(processIds) {
      return {
        recordings: await recordings.takeOver(processIds),
        presenceEntries: await realtime.takeOver(processIds),
        mediaRooms: (await rooms?.takeOver(processIds)) ?? 0,
        fileMarks: (await sharedDir?.forget(processIds)) ?? 0,
      };
    },
  });
  meetingEnded = () =>
    void recordings
      .stopEnded()
      .catch((err: unknown) => realtimeLogger.warn({ err }, 'recordings of ended meetings'));
  const app = await buildApp(
    {
      config,
      database,
      rateLimiter,
      mailWritten: () => delivery?.kick(),
      jobs,
      now,
      payments,
      realtime,
      meetings,
      recordings,
      staticDir: options.staticDir ?? config.staticDir ?? defaultStaticDir,
      botCheck: config.botCheck ? createBotCheck(config.botCheck) : null,
      uploads,
      files: config.uploads.s3 ? createS3Storage(config.uploads.s3) : uploads,
    },
    { logger, validateResponses: options.validateResponses },
  );
  const reconciliation =
    config.paymentReconcile.intervalMs > 0
      ? startReconciliation({
          database,
          db: database.db,
          provider: payments,
          now,
          appUrl: config.appUrl,
          afterMs: config.paymentReconcile.afterMs,
          notChargedAfterMs: config.paymentReconcile.notChargedAfterMs,
          intervalMs: config.paymentReconcile.intervalMs,
          logger: logger?.child({ part: 'payments' }),
          mailWritten: () => delivery?.kick(),
        })
      : null;
  return {
    app,
    database,
    delivery,
    jobs,
    transport: transport ? 'smtp' : 'outbox',
    processLease: lease,
    async close() {
      await lease.close();
      await sharedDir?.remove();
      await reconciliation?.stop();
      await emptyStages.stop();
      await realtime.close();
      await app.close();
      // Mail work started by the last answers is written before delivery stops.
      await jobs.idle();
      await delivery?.stop();
      transport?.close();
      await rateLimiter.close();
      if (!options.database) await database.close();
    },
  };
}

const silentLogger = { info() {}, warn() {}, error() {} };

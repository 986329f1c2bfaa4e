import type { BotCheck } from '../http/bot-check';
import type { Authenticated } from '../auth/tokens';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import type { RateLimiter } from '../http/rate-limiter';
import type { WorldRole } from '../db/schema';
import type { Operation } from '../openapi/document';
import type { PaymentProvider } from '../payments/provider';
import type { MeetingProvider } from '../meetings/provider';
import type { Recordings } from '../meetings/recordings';
import type { Hub } from '../realtime/hub';
import type { JobRunner } from '../http/jobs';
import type { LocalStorage } from '../files/local-storage';
import type { FileStorage } from '../files/storage';

/** What handlers reach through `request.server.deps`: the ports, chosen once at start. */
export type AppDeps = {
  config: Config;
  database: Database;
  rateLimiter: RateLimiter;
  /** Wakes mail delivery after a transaction that wrote mail has committed. */
  mailWritten: () => void;
  /** Work started by a handler that runs after its answer (http/jobs.ts). */
  jobs: JobRunner;
  now: () => Date;
  /** Verifies the contact form's bot-check token; null when no secret is configured. */
  botCheck: BotCheck | null;
  /** The built app (dist/), with build-meta.json. */
  staticDir: string;
  /** Card payments: the local provider, or Stripe when configured (server/app/start.ts). */
  payments: PaymentProvider;
  /** The sockets of this server and the fan-out to the others (server/realtime). */
  realtime: Hub;
  /** Meetings: the local mesh, or Amazon Chime when configured (server/meetings). */
  meetings: MeetingProvider;
  /** Recordings of meetings (ADR 025): through the media server or Chime, none on the mesh. */
  recordings: Recordings;
  /** Uploads of files: local signed URLs, or S3 when configured. */
  files: FileStorage;
  /** This server's own signed uploads (also used for user-action batches, which it reads). */
  uploads: LocalStorage;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
    world: { id: string; role: WorldRole } | null;
    /** `.json` or `.csv` when the path carried that suffix. */
    format: 'json' | 'csv' | null;
  }
  interface FastifyContextConfig {
    operation?: Operation;
  }
}

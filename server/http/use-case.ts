// What every area's use cases receive from their handlers, on the http floor so that no area
// imports server/app. Its parts are typed here or through the Fastify augmentation that
// server/app/deps.ts declares (`request.server.deps`), never by importing an area.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RealtimeServerMessage } from '../../src/domain/realtime';
import type { Database } from '../db/connect';
import type { WorldRole } from '../db/schema';

/** Who in a world receives a realtime message. */
export type Audience =
  | { everyone: true; exceptConnectionIds?: readonly string[] }
  | { roles: readonly WorldRole[] }
  | { userIds: readonly string[] };

/** Sends a message to an audience of a world's sockets, on every server (server/realtime/hub.ts). */
export type Publish = (
  worldId: string,
  to: Audience,
  message: RealtimeServerMessage,
) => Promise<void>;

/**
 * The one context handlers pass to use cases, built by useCaseContext(req). A use case names the
 * parts it reads with Pick<UseCaseContext, …>, so the realtime hub and tests build only those.
 */
export type UseCaseContext = {
  db: Database['db'];
  /** The request's clock reading: one instant for the whole use case. */
  now: Date;
  appUrl: string;
  publish: Publish;
  meetings: FastifyInstance['deps']['meetings'];
  /** Closes a user's sockets in the world on every server (Hub.disconnect). */
  disconnect: FastifyInstance['deps']['realtime']['disconnect'];
  logger: { warn(obj: object, msg: string): void };
};

export function useCaseContext(req: FastifyRequest): UseCaseContext {
  const { database, config, meetings, realtime, now } = req.server.deps;
  return {
    db: database.db,
    now: now(),
    appUrl: config.appUrl,
    publish: realtime.publish,
    meetings,
    disconnect: realtime.disconnect,
    logger: req.log,
  };
}

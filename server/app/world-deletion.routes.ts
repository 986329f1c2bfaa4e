import { realtimeCloseCodes } from '../../src/domain/realtime';
import { deleteChatOfWorld } from '../chat/moderation';
import { useCaseContext } from '../http/use-case';
import { endStreamsOfWorld } from '../meetings/streaming';
import type { Handlers } from '../openapi/handler-types';
import { stopCheckoutsOfWorld } from '../payments/world-deletion';
import { deleteQuestionsOfWorld } from '../stage/questions';
import { archiveWorld, lockWorldForDeletion } from '../worlds/worlds';

/**
 * deleteWorld (owner), ADR 009: the one use case that crosses areas, so it lives above them.
 * In one transaction with the world locked: refused while a reserved date has not ended; its
 * checkouts stopped; its live streams ended as a removed stage's (ADR 026), before the guests
 * go so that a guest watcher's attendance ends with the rest; its chat, questions and announcement deleted; then archived. Once committed,
 * the streams' pipelines stop and every socket of the world closes.
 */
export const worldDeletionHandlers: Handlers = {
  async deleteWorld(req, reply) {
    const ctx = useCaseContext(req);
    const worldId = req.world.id;
    const streams = await ctx.db.transaction(async (tx) => {
      await lockWorldForDeletion(tx, worldId, ctx.now);
      await stopCheckoutsOfWorld(tx, worldId, ctx.now);
      const ended = await endStreamsOfWorld(tx, worldId, ctx.now);
      await deleteChatOfWorld(tx, worldId);
      await deleteQuestionsOfWorld(tx, worldId);
      await archiveWorld(tx, worldId, ctx.now);
      return ended;
    });
    await streams.finish(ctx);
    await req.server.deps.realtime.disconnect(worldId, null, realtimeCloseCodes.gone);
    return reply.code(204).send();
  },
};

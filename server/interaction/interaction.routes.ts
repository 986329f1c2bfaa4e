import { and, eq } from 'drizzle-orm';
import { worldMembers } from '../db/schema';
import { RuleError } from '../http/errors';
import { limitPerUser } from '../http/rate-limit';
import { useCaseContext } from '../http/use-case';
import type { Handlers } from '../openapi/handler-types';
import { currentSpaceOf } from '../chat/channels';
import { checkStatus, interactionTexts } from '../../src/domain/interaction';
import { giveFloor, listHands, lowerHand, lowerOwnHand, raiseHand } from './hands';

/**
 * Reactions, raised hands and status (docs/product.md §4, ADR 034). Each write is counted against
 * its person's rate limit before anything else, so a flood is refused and nothing of it goes out.
 */
export const interactionHandlers: Handlers = {
  async postReaction(req, reply) {
    const { database, realtime } = req.server.deps;
    await limitPerUser(req, 'reaction', req.world.id);
    const spaceId = await currentSpaceOf(database.db, req.world.id, req.auth.user.id);
    if (!spaceId) throw new RuleError('invalid', interactionTexts.notInSpace);
    realtime.react(req.world.id, { userId: req.auth.user.id, spaceId, kind: req.body.kind });
    return reply.code(202).send();
  },

  async listRaisedHands(req) {
    return listHands(req.server.deps.database.db, req.world.id, req.params.space_id);
  },

  async raiseHand(req, reply) {
    await limitPerUser(req, 'hand', req.world.id);
    await raiseHand(useCaseContext(req), req.world.id, req.auth.user.id, req.params.space_id);
    return reply.code(204).send();
  },

  async lowerOwnHand(req, reply) {
    await limitPerUser(req, 'hand', req.world.id);
    await lowerOwnHand(useCaseContext(req), req.world.id, req.auth.user.id);
    return reply.code(204).send();
  },

  async lowerRaisedHand(req, reply) {
    const { space_id, user_id } = req.params;
    await lowerHand(useCaseContext(req), req.world.id, space_id, user_id);
    return reply.code(204).send();
  },

  async giveFloor(req, reply) {
    const { space_id, user_id } = req.params;
    await giveFloor(useCaseContext(req), req.world.id, space_id, user_id);
    return reply.code(204).send();
  },

  async updateMyStatus(req) {
    const { database, realtime } = req.server.deps;
    await limitPerUser(req, 'status', req.world.id);
    const checked = checkStatus(req.body.nowDoing);
    if (!checked.ok) throw new RuleError('invalid', checked.error);
    const { nowDoing } = checked;
    const userId = req.auth.user.id;
    await database.db
      .update(worldMembers)
      .set({ nowDoing })
      .where(and(eq(worldMembers.worldId, req.world.id), eq(worldMembers.userId, userId)));
    await realtime.publish(
      req.world.id,
      { everyone: true },
      { type: 'presence.status', userId, nowDoing },
    );
    return { nowDoing };
  },
};

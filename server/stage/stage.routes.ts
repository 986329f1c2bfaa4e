import type { WorldRole } from '../db/schema';
import { sendCsv } from '../http/csv';
import { limitPerUser } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';
import { stageQuestionTexts } from '../../src/domain/stage-questions';
import { currentAnnouncement, postAnnouncement, takeDownAnnouncement } from './announcements';
import { askQuestion, exportQuestions, listQuestions, moderate, vote } from './questions';
import { stopWaiting, waitForSeat } from '../layouts/seat-waits';

/** Questions to the stage, the world's announcement and waiting for a seat (ADR 035). */
export const stageHandlers: Handlers = {
  async listStageQuestions(req) {
    return listQuestions(req.server.deps.database.db, req.world.id, caller(req));
  },

  async postStageQuestion(req, reply) {
    const { database, realtime, now } = req.server.deps;
    // Counted first: a flood is refused whatever it carries, and nothing of it is stored.
    await limitPerUser(req, 'stageQuestion', req.world.id);
    const question = await askQuestion(
      database.db,
      realtime.publish,
      req.world.id,
      caller(req),
      req.body,
      now(),
    );
    reply.code(201);
    return question;
  },

  async voteStageQuestion(req, reply) {
    const { database, realtime } = req.server.deps;
    await limitPerUser(req, 'stageQuestionVote', req.world.id);
    const question = await vote(
      database.db,
      realtime.publish,
      req.world.id,
      caller(req),
      req.params.id,
    );
    reply.code(201);
    return question;
  },

  async updateStageQuestion(req) {
    const { database, realtime, now } = req.server.deps;
    return moderate(
      database.db,
      realtime.publish,
      req.world.id,
      req.auth.user.id,
      req.params.id,
      req.body,
      now(),
    );
  },

  async downloadStageQuestionsCsv(req, reply) {
    const { worldName, rows } = await exportQuestions(req.server.deps.database.db, req.world.id);
    return sendCsv(reply, stageQuestionTexts.csvName(worldName), rows);
  },

  async getWorldAnnouncement(req) {
    return currentAnnouncement(req.server.deps.database.db, req.world.id);
  },

  async postWorldAnnouncement(req, reply) {
    const { database, realtime, now } = req.server.deps;
    await limitPerUser(req, 'worldAnnouncement', req.world.id);
    const answer = await postAnnouncement(
      database.db,
      realtime.publish,
      req.world.id,
      req.auth.user.id,
      req.body,
      now(),
    );
    reply.code(201);
    return answer;
  },

  async waitForSeat(req, reply) {
    await limitPerUser(req, 'seatWait', req.world.id);
    const wait = await waitForSeat(
      req.server.deps.database.db,
      req.world.id,
      req.auth.user.id,
      req.params.id,
    );
    reply.code(201);
    return wait;
  },

  async stopWaitingForSeat(req, reply) {
    await stopWaiting(req.server.deps.database.db, req.world.id, req.auth.user.id, req.params.id);
    return reply.code(204).send();
  },

  async deleteWorldAnnouncement(req, reply) {
    const { database, realtime } = req.server.deps;
    await takeDownAnnouncement(database.db, realtime.publish, req.world.id);
    return reply.code(204).send();
  },
};

const caller = (req: { auth: { user: { id: string } }; world: { role: WorldRole } }) => ({
  id: req.auth.user.id,
  role: req.world.role,
});

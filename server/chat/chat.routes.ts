import type { WorldRole } from '../db/schema';
import { sendCsv } from '../http/csv';
import { limitPerUser } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';
import { postMessage, listMessages, markRead } from './messages';
import { deleteMessage, exportRows, setMute, updateSettings } from './moderation';
import { listChannels } from './overview';

/** Chat in a world (/api/worlds/{world_id}/chat_*, ADR 029). */
export const chatHandlers: Handlers = {
  async listChatChannels(req) {
    return listChannels(req.server.deps.database.db, req.world.id, caller(req));
  },

  async listChatMessages(req) {
    return listMessages(req.server.deps.database.db, req.world.id, caller(req), req.query);
  },

  async postChatMessage(req, reply) {
    const { database, realtime, now } = req.server.deps;
    // Counted first: a flood is refused whatever it carries, and nothing of it is stored.
    await limitPerUser(req, 'chatMessage', req.world.id);
    const message = await postMessage(
      database.db,
      realtime.publish,
      req.world.id,
      caller(req),
      req.body,
      now(),
    );
    reply.code(201);
    return message;
  },

  async deleteChatMessage(req) {
    const { database, realtime, now } = req.server.deps;
    return deleteMessage(
      database.db,
      realtime.publish,
      req.world.id,
      caller(req),
      req.params.id,
      now(),
    );
  },

  async markChatRead(req, reply) {
    await markRead(req.server.deps.database.db, req.world.id, caller(req), req.body);
    return reply.code(204).send();
  },

  async updateChatSettings(req) {
    const { database, realtime, now } = req.server.deps;
    return updateSettings(database.db, realtime.publish, req.world.id, req.body, now());
  },

  async muteChatMember(req, reply) {
    const { database, realtime, now } = req.server.deps;
    await setMute(
      database.db,
      realtime.publish,
      req.world.id,
      caller(req),
      req.params.id,
      true,
      now(),
    );
    return reply.code(204).send();
  },

  async unmuteChatMember(req, reply) {
    const { database, realtime, now } = req.server.deps;
    await setMute(
      database.db,
      realtime.publish,
      req.world.id,
      caller(req),
      req.params.id,
      false,
      now(),
    );
    return reply.code(204).send();
  },

  async downloadChatMessagesCsv(req, reply) {
    const { worldName, rows } = await exportRows(
      req.server.deps.database.db,
      req.world.id,
      req.query,
    );
    return sendCsv(reply, `${worldName}_チャット.csv`, rows);
  },
};

/** The member calling: who and with which role (the world's preHandler found it). */
const caller = (req: { auth: { user: { id: string } }; world: { role: WorldRole } }) => ({
  id: req.auth.user.id,
  role: req.world.role,
});

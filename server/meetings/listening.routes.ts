import { limitPerUser } from '../http/rate-limit';
import { useCaseContext } from '../http/use-case';
import type { Handlers } from '../openapi/handler-types';
import { listListeners } from './listener-list';
import { listenToTable, setTableListening } from './listening';

/** Listening in to a table (hearingTable, ADR 038); {id} is the table's space id. */
export const listeningHandlers: Handlers = {
  async listTableListeners(req) {
    const { db } = req.server.deps.database;
    return listListeners(db, req.world.id, req.auth.user.id, req.params.id);
  },

  async listenToTable(req) {
    // Counted first: a flood is refused whatever it carries, and nothing of it is stored.
    await limitPerUser(req, 'listening', req.world.id);
    const { user } = req.auth;
    const join = await listenToTable(
      useCaseContext(req),
      req.world.id,
      { id: user.id, name: user.name },
      req.params.id,
    );
    // A listener sees 録画中 like anyone in the meeting (ADR 025).
    const recording = await req.server.deps.recordings.isRecording(join.id);
    return { ...join, recording };
  },

  async updateTableListening(req) {
    await limitPerUser(req, 'listening', `${req.world.id}:setting`);
    return setTableListening(useCaseContext(req), req.world.id, req.params.id, req.body.listenable);
  },
};

import { getLiveStreaming, updateLiveStreaming } from './streaming';
import { getWatching, updateWatching } from './watchers';
import type { Handlers } from '../openapi/handler-types';
import { useCaseContext } from '../http/use-case';

/** The stage's live stream and watching it (ADR 026); {id} is the stage's space id. */
export const streamingHandlers: Handlers = {
  async getLiveStreaming(req) {
    const { liveStreaming } = req.server.deps.config;
    return getLiveStreaming(useCaseContext(req), req.world.id, req.params.id, liveStreaming);
  },

  async updateLiveStreaming(req) {
    const { liveStreaming } = req.server.deps.config;
    return updateLiveStreaming(
      useCaseContext(req),
      req.world.id,
      req.params.id,
      req.body,
      liveStreaming,
    );
  },

  async getWatchingStreaming(req) {
    return getWatching(useCaseContext(req), req.world.id, req.auth.user.id, req.params.id);
  },

  async updateWatchingStreaming(req) {
    const { user } = req.auth;
    const watching = await updateWatching(
      useCaseContext(req),
      req.world.id,
      { id: user.id, name: user.name },
      req.params.id,
      req.body.mode,
    );
    if (!watching.join) return watching;
    // A watcher sees 録画中 like anyone in the meeting (ADR 025).
    const recording = await req.server.deps.recordings.isRecording(watching.join.id);
    return { ...watching, join: { ...watching.join, recording } };
  },
};

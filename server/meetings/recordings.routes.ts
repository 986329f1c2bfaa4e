import type { Handlers } from '../openapi/handler-types';

/** chime_meeting_recordings and chime_meeting_recording_urls (ADR 025). */
export const recordingHandlers: Handlers = {
  async listChimeMeetingRecordings(req) {
    const { page, perPage } = req.query;
    return req.server.deps.recordings.list(req.world.id, page, perPage);
  },

  async startChimeMeetingRecording(req, reply) {
    const started = await req.server.deps.recordings.start(
      req.world.id,
      req.auth.user.id,
      req.body,
    );
    reply.code(201);
    return started;
  },

  async updateChimeMeetingRecordingTitle(req) {
    return req.server.deps.recordings.update(req.world.id, req.body.id, { title: req.body.title });
  },

  async getChimeMeetingRecording(req) {
    return req.server.deps.recordings.get(req.world.id, req.params.id);
  },

  async updateChimeMeetingRecording(req) {
    return req.server.deps.recordings.update(req.world.id, req.params.id, req.body);
  },

  async deleteChimeMeetingRecording(req, reply) {
    await req.server.deps.recordings.remove(req.world.id, req.params.id);
    return reply.code(204).send();
  },

  async createChimeMeetingRecordingUrl(req, reply) {
    const url = await req.server.deps.recordings.downloadUrl(req.world.id, req.body.recordingId);
    reply.code(201);
    return url;
  },
};

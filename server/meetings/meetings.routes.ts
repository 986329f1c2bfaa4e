import { attendeeById, forceDevice } from './attendees';
import { joinMeeting } from './join';
import { leaveByKey } from './leave-beacon';
import { muteAll } from './mute-all';
import { attendeeIdOf, getMeeting, listMeetings, recordTime, timeCounts } from './queries';
import { kick, leaveMeeting } from './removal';
import { allowReentry, listRemoved } from './removals';
import type { Handlers } from '../openapi/handler-types';
import { limitAttempts, limitPerUser } from '../http/rate-limit';
import { useCaseContext } from '../http/use-case';

export const meetingHandlers: Handlers = {
  async joinChimeMeeting(req, reply) {
    const { user } = req.auth;
    const joined = await joinMeeting(
      useCaseContext(req),
      req.world.id,
      { id: user.id, name: user.name },
      req.body.spaceId,
    );
    reply.code(201);
    return { ...joined, recording: await req.server.deps.recordings.isRecording(joined.id) };
  },

  async listChimeMeetings(req) {
    return listMeetings(req.server.deps.database.db, req.world.id);
  },

  async getChimeMeeting(req) {
    return getMeeting(req.server.deps.database.db, req.world.id, req.params.id);
  },

  async leaveChimeMeeting(req) {
    return leaveMeeting(useCaseContext(req), req.world.id, req.auth.user.id, req.params.id);
  },

  async kickFromChimeMeetings(req) {
    return kick(
      useCaseContext(req),
      req.world.id,
      { role: req.world.role, userId: req.auth.user.id },
      [req.body.userId],
      null,
    );
  },

  async batchKickChimeMeeting(req) {
    return kick(
      useCaseContext(req),
      req.world.id,
      { role: req.world.role, userId: req.auth.user.id },
      req.body.userIds,
      req.params.id,
    );
  },

  async forceChimeMeetingDevice(req) {
    return forceDevice(useCaseContext(req), req.world.id, req.world.role, req.params.id, req.body);
  },

  async leaveChimeMeetingByBeacon(req, reply) {
    await limitAttempts(req, 'leaveBeacon');
    await leaveByKey(useCaseContext(req), req.body.key);
    return reply.code(204).send();
  },

  async muteAllChimeMeeting(req) {
    await limitPerUser(req, 'muteAll', req.world.id);
    return muteAll(
      useCaseContext(req),
      req.world.id,
      { id: req.auth.user.id, role: req.world.role },
      req.params.id,
    );
  },

  async getChimeAttendeeId(req) {
    return attendeeIdOf(
      req.server.deps.database.db,
      req.world.id,
      req.query.meetingId,
      req.query.userId,
    );
  },

  async getChimeMeetingAttendee(req) {
    return attendeeById(req.server.deps.database.db, req.world.id, req.params.id);
  },

  async recordChimeMeetingTime(req, reply) {
    const { database, now } = req.server.deps;
    const row = await recordTime(database.db, req.world.id, req.auth.user.id, req.body, now());
    reply.code(201);
    return row;
  },

  async getChimeMeetingTimeCounts(req) {
    return timeCounts(req.server.deps.database.db, req.world.id, req.query.from, req.query.to);
  },

  async listRemovedAttendees(req) {
    return listRemoved(req.server.deps.database.db, req.world.id);
  },

  async allowRemovedAttendee(req, reply) {
    await allowReentry(req.server.deps.database.db, req.world.id, req.params.id);
    return reply.code(204).send();
  },
};

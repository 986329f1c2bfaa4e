import type { FastifyRequest } from 'fastify';
import { attendeeById, forceDevice } from '../meetings/attendees';
import type { MeetingContext } from '../meetings/effects';
import { joinMeeting } from '../meetings/join';
import { attendeeIdOf, getMeeting, listMeetings, recordTime, timeCounts } from '../meetings/queries';
import { kick, leaveMeeting } from '../meetings/removal';
import type { Handlers } from '../openapi/handler-types';

function meetingContext(req: FastifyRequest): MeetingContext {
  const { database, meetings, realtime, now } = req.server.deps;
  return { db: database.db, provider: meetings, publish: realtime.publish, now: now(), logger: req.log };
}

export const meetingHandlers: Handlers = {
  async joinChimeMeeting(req, reply) {
    const { user } = req.auth!;
    const joined = await joinMeeting(meetingContext(req), req.world!.id, { id: user.id, name: user.name }, req.body.spaceId);
    reply.code(201);
    return joined;
  },

  async listChimeMeetings(req) {
    return listMeetings(req.server.deps.database.db, req.world!.id);
  },

  async getChimeMeeting(req) {
    return getMeeting(req.server.deps.database.db, req.world!.id, req.params.id);
  },

  async leaveChimeMeeting(req) {
    return leaveMeeting(meetingContext(req), req.world!.id, req.auth!.user.id, req.params.id);
  },

  async kickFromChimeMeetings(req) {
    return kick(meetingContext(req), req.world!.id, req.world!.role, [req.body.userId], null);
  },

  async batchKickChimeMeeting(req) {
    return kick(meetingContext(req), req.world!.id, req.world!.role, req.body.userIds, req.params.id);
  },

  async forceChimeMeetingDevice(req) {
    return forceDevice(meetingContext(req), req.world!.id, req.world!.role, req.params.id, req.body);
  },

  async getChimeAttendeeId(req) {
    return attendeeIdOf(req.server.deps.database.db, req.world!.id, req.query.meetingId, req.query.userId);
  },

  async getChimeMeetingAttendee(req) {
    return attendeeById(req.server.deps.database.db, req.world!.id, req.params.id);
  },

  async recordChimeMeetingTime(req, reply) {
    const { database, now } = req.server.deps;
    const row = await recordTime(database.db, req.world!.id, req.auth!.user.id, req.body, now());
    reply.code(201);
    return row;
  },

  async getChimeMeetingTimeCounts(req) {
    return timeCounts(req.server.deps.database.db, req.world!.id, req.query.from, req.query.to);
  },
};

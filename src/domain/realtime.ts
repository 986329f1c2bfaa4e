// The realtime protocol: one WebSocket per client and world (ADR 010), JSON messages checked
// with these schemas on both ends. The server fans messages out in-process, or through Redis
// pub/sub when REDIS_URL is set, so that any API server may hold any client's socket.
//
// Connecting: POST /api/worlds/{world_id}/realtime_tickets (a world member, with the usual auth
// headers) answers a single-use ticket valid for 30 seconds; the browser then opens
// `/api/realtime?ticket=...`. Browsers cannot send headers on a WebSocket, and the session
// token never goes into a URL.
import * as z from 'zod/mini';
import { REACTION_KINDS } from './interaction';

const id = z.uuid();
const deviceKind = z.enum(['mic', 'video']);

/**
 * A WebRTC offer/answer or ICE candidate between two attendees of one meeting (local mesh), or
 * between an attendee and the local media server (meeting.mediaSignal: from and to the same
 * attendee for what it sends, to another attendee for receiving that one).
 */
const signal = z.object({
  meetingId: id,
  fromAttendeeId: z.string().check(z.minLength(1), z.maxLength(64)),
  toAttendeeId: z.string().check(z.minLength(1), z.maxLength(64)),
  description: z.optional(
    z.object({
      type: z.enum(['offer', 'answer']),
      sdp: z.string().check(z.maxLength(200_000)),
    }),
  ),
  candidate: z.optional(
    z.object({
      candidate: z.string().check(z.maxLength(2_000)),
      sdpMid: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
      sdpMLineIndex: z.optional(z.nullable(z.int().check(z.gte(0), z.lte(255)))),
    }),
  ),
});

const memberSchema = z.object({
  userId: id,
  name: z.string(),
  isGuest: z.boolean(),
  /** The user's icon (docs/product.md §4 アイコン), null when they have none. */
  iconUrl: z.nullable(z.string()),
  role: z.enum(['owner', 'staff', 'user', 'guest']),
  spaceId: z.nullable(id),
  /** The member's status (docs/product.md §4 状態), null when unset. */
  nowDoing: z.nullable(z.string()),
});
export type RealtimeMember = z.infer<typeof memberSchema>;

/** A chat message as the API answers it (openapi/schemas/chat.yaml ChatMessage, ADR 029). */
const chatMessageSchema = z.object({
  id,
  kind: z.enum(['world', 'space', 'direct']),
  spaceId: z.nullable(id),
  recipientId: z.nullable(id),
  senderId: id,
  senderName: z.string(),
  senderRole: z.enum(['owner', 'staff', 'user', 'guest']),
  senderBadge: z.nullable(z.object({ label: z.string(), color: z.string() })),
  body: z.nullable(z.string()),
  deleted: z.boolean(),
  mentionedUserIds: z.array(id),
  createdAt: z.string(),
});

/** A question to the stage as everyone is told it (openapi/schemas/stage.yaml, ADR 035). */
const stageQuestionSchema = z.object({
  id,
  authorId: id,
  authorName: z.string(),
  body: z.string(),
  voteCount: z.int().check(z.gte(0)),
  answered: z.boolean(),
  hidden: z.boolean(),
  createdAt: z.string(),
});

/** What a client may send. Anything else closes the socket with 1008 (policy violation). */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  /** Relayed only to the named attendee, and only when both are in that meeting. */
  z.object({ type: z.literal('meeting.signal'), signal }),
  /** To the local media server, only from a current attendee about a current attendee. */
  z.object({ type: z.literal('meeting.mediaSignal'), signal }),
  /** The sender's own mic/camera state, shown to the others (mute icons). */
  z.object({
    type: z.literal('meeting.deviceState'),
    meetingId: id,
    mic: z.boolean(),
    video: z.boolean(),
    screen: z.boolean(),
  }),
  /** Which space the member is in now (member counts per room). */
  z.object({ type: z.literal('presence.move'), spaceId: z.nullable(id) }),
]);
export type RealtimeClientMessage = z.infer<typeof clientMessageSchema>;

/** What the server sends. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  /**
   * The very first message: the ticket was good and the socket is registered, so everything
   * addressed to this user from now on reaches it. A client treats the socket as open only then.
   */
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  /** First message after connecting: who is in the world now. */
  z.object({ type: z.literal('presence.snapshot'), members: z.array(memberSchema) }),
  z.object({ type: z.literal('presence.joined'), member: memberSchema }),
  z.object({ type: z.literal('presence.left'), userId: id }),
  /** Who moved where, coalesced: one message per short window with every move in it. */
  z.object({
    type: z.literal('presence.moved'),
    moves: z.array(z.object({ userId: id, spaceId: z.nullable(id) })),
  }),
  /** A member set or cleared their status (docs/product.md §4 状態). */
  z.object({ type: z.literal('presence.status'), userId: id, nowDoing: z.nullable(z.string()) }),
  /** A member changed or removed their icon (docs/product.md §4 アイコン): drawn anew, no reload. */
  z.object({ type: z.literal('presence.icon'), userId: id, iconUrl: z.nullable(z.string()) }),
  /**
   * The reactions of one window (ADR 034: the server sends a world's reactions at most once per
   * INTERACTION_LIMITS.reactionWindowMs), each shown over its sender's tile and seat.
   */
  z.object({
    type: z.literal('reactions'),
    items: z.array(z.object({ userId: id, spaceId: id, kind: z.enum(REACTION_KINDS) })),
  }),
  /**
   * To owners and staff, and to the person: a hand went up or down in a space; `floor` when it
   * went down because the person was given the floor (発言を許可).
   */
  z.object({
    type: z.literal('hands.changed'),
    userId: id,
    spaceId: id,
    raised: z.boolean(),
    floor: z.boolean(),
  }),
  /** Members connected per room (a room is a space of the world). */
  z.object({
    type: z.literal('rooms.counts'),
    counts: z.record(z.string(), z.int().check(z.gte(0))),
  }),
  /** To owner and staff: someone entered the world (enter_notifications). */
  z.object({
    type: z.literal('world.entered'),
    userId: id,
    name: z.string(),
    isGuest: z.boolean(),
    at: z.string(),
  }),
  z.object({ type: z.literal('world.informationBoardUpdated') }),
  /** The stage's live stream started, stopped or gained or lost its speaker (ADR 026): read it again. */
  z.object({
    type: z.literal('liveStreaming.changed'),
    spaceId: id,
    viewerCount: z.int().check(z.gte(0)),
  }),
  /** Only the stage's watcher count changed (ADR 026): nothing to read again. */
  z.object({
    type: z.literal('liveStreaming.viewers'),
    spaceId: id,
    viewerCount: z.int().check(z.gte(0)),
  }),
  /** Owner or staff rang the bell: for the attendees of spaceId, or everyone when null. */
  z.object({
    type: z.literal('bell.rang'),
    fromName: z.string(),
    spaceId: z.nullable(id),
    message: z.nullable(z.string()),
    at: z.string(),
  }),
  /** A chat message for everyone in its channel (ADR 029); also the mention notice. */
  z.object({ type: z.literal('chat.message'), message: chatMessageSchema }),
  /** A message was deleted: shown as 削除されたメッセージ from now on. */
  z.object({ type: z.literal('chat.deleted'), message: chatMessageSchema }),
  /** Owner or staff turned world or space chat on or off. */
  z.object({ type: z.literal('chat.settings'), worldChat: z.boolean(), spaceChat: z.boolean() }),
  /** To one member: owner or staff muted (true) or unmuted them in chat. */
  z.object({ type: z.literal('chat.muted'), muted: z.boolean() }),
  /** A question to the stage was asked, voted for, answered, hidden or shown (ADR 035). */
  z.object({ type: z.literal('stageQuestion.changed'), question: stageQuestionSchema }),
  /** To members (not owner and staff): a question was hidden, so it leaves their list. */
  z.object({ type: z.literal('stageQuestion.removed'), id }),
  /** The world's text announcement, shown in every space; null once taken down (ADR 035). */
  z.object({
    type: z.literal('world.announcement'),
    announcement: z.nullable(
      z.object({ body: z.string(), fromName: z.string(), createdAt: z.string() }),
    ),
  }),
  /** To the first one waiting: a seat of that full table is free now (ADR 035). */
  z.object({ type: z.literal('seat.freed'), spaceId: id, spaceName: z.string() }),
  /** To those in a table's meeting: who listens to it changed (ADR 038); read it again. */
  z.object({ type: z.literal('listeners.changed'), spaceId: id }),
  /** The layout was saved or replaced by a preset: read it again (ADR 015). */
  z.object({ type: z.literal('world.layoutUpdated'), version: z.int().check(z.gte(1)) }),
  z.object({ type: z.literal('meeting.signal'), signal }),
  /** The media server's answer or candidate, addressed as if the other attendee had sent it. */
  z.object({ type: z.literal('meeting.mediaSignal'), signal }),
  /**
   * The server process holding the meeting's media-server room stopped; another holds it now
   * (ADR 039). Every attendee connects to the media server again, with its devices as they are.
   */
  z.object({ type: z.literal('meeting.mediaRestart'), meetingId: id }),
  /**
   * The media server's end of one connection failed (ICE consent lost while the browser's end
   * may still say connected, ADR 023): attendee `attendeeId` restarts ICE on its connection for
   * `peerAttendeeId` (itself: the one it sends on).
   */
  z.object({
    type: z.literal('meeting.mediaIceRestart'),
    meetingId: id,
    attendeeId: z.string(),
    peerAttendeeId: z.string(),
  }),
  z.object({
    type: z.literal('meeting.attendeeJoined'),
    meetingId: id,
    attendeeId: z.string(),
    userId: id,
    name: z.string(),
  }),
  z.object({
    type: z.literal('meeting.attendeeLeft'),
    meetingId: id,
    attendeeId: z.string(),
    userId: id,
  }),
  z.object({
    type: z.literal('meeting.deviceState'),
    meetingId: id,
    attendeeId: z.string(),
    userId: id,
    mic: z.boolean(),
    video: z.boolean(),
    screen: z.boolean(),
  }),
  /**
   * Owner or staff forced a device of this user off (disabled true) or released it. Forcing also
   * turns the device off; while forced, turning it on keeps it off (docs/product.md §4).
   */
  z.object({
    type: z.literal('meeting.forceDevice'),
    meetingId: id,
    device: deviceKind,
    disabled: z.boolean(),
  }),
  /** This user was kicked from the meeting (or from all the world's meetings). */
  z.object({ type: z.literal('meeting.kicked'), meetingId: z.nullable(id) }),
  z.object({ type: z.literal('meeting.ended'), meetingId: id }),
  /** The meeting started (true) or stopped (false) being recorded: everyone in it shows 録画中. */
  z.object({ type: z.literal('meeting.recording'), meetingId: id, recording: z.boolean() }),
  /**
   * The same user joined the meeting from another tab or device: the tab holding attendeeId (the
   * replaced attendee) must stop. Every tab of the user receives it, the new one included, so a
   * tab compares attendeeId with its own before stopping.
   */
  z.object({
    type: z.literal('meeting.joinedElsewhere'),
    meetingId: id,
    attendeeId: z.optional(z.string()),
  }),
]);
export type RealtimeServerMessage = z.infer<typeof serverMessageSchema>;

/** WebSocket close codes of the product (4000-4999 are the application's range). */
export const realtimeCloseCodes = {
  /** The ticket was unknown, used or expired: ask for a new one and reconnect. */
  badTicket: 4001,
  /** disconnect_user or a kick closed it: do not reconnect. */
  disconnected: 4003,
  /** The world was deleted or the membership removed: do not reconnect. */
  gone: 4004,
  /**
   * The socket sent more messages, of any kind, than its budget (server/realtime/inbox.ts):
   * reconnect after a pause.
   */
  tooManyMessages: 4008,
} as const;

import { defaultMeetingState } from '../domain/meeting-session';
import type { MeetingJoin, MeetingProvider, MeetingSession } from '../services/meeting/provider';
import { meetingMachine, type MeetingEvent } from './meeting.machine';
import { definePaths, effect } from './path-config';

// Event payloads, actor outcomes and Japanese labels for the generated path tests (tests/paths).

const worldId = '00000000-0000-4000-8000-00000000000a';
const spaceId = '00000000-0000-4000-8000-0000000000b1';
const meetingId = '00000000-0000-4000-8000-0000000000d1';
const join: MeetingJoin = {
  id: meetingId,
  spaceId,
  provider: 'local',
  meeting: {
    MeetingId: meetingId,
    ExternalMeetingId: spaceId,
    MediaRegion: 'local',
    MediaPlacement: {
      AudioHostUrl: 'local',
      AudioFallbackUrl: 'local',
      SignalingUrl: 'local',
      TurnControlUrl: 'local',
      ScreenDataUrl: 'local',
      ScreenViewingUrl: 'local',
      ScreenSharingUrl: 'local',
      EventIngestionUrl: 'local',
    },
  } as MeetingJoin['meeting'],
  attendee: {
    AttendeeId: 'attendee-1',
    ExternalUserId: '00000000-0000-4000-8000-000000000001',
    JoinToken: 'token',
  },
  micForceDisabled: false,
  videoForceDisabled: true,
};
// The replay spies every effect on the session: these stand-ins are only carried in the context.
const session = { name: 'session' } as unknown as MeetingSession;
const provider = { name: 'local' } as unknown as MeetingProvider;
const stream = (id: string) => ({ id }) as unknown as MediaStream;

const full = { status: 422, messages: ['このワールドの参加人数が上限（8人）に達しています。'] };
const serverError = { status: 500, messages: ['Error 500'] };

const MEDIA_TYPES: ReadonlySet<MeetingEvent['type']> = new Set([
  'meeting.audioInputChanged',
  'meeting.videoInputChanged',
  'meeting.micChanged',
  'meeting.contentShareChanged',
  'meeting.audioOutputChanged',
  'meeting.settingsChanged',
]);
const defaults = defaultMeetingState();

export const paths = definePaths(meetingMachine, {
  input: { worldId, provider },
  events: [
    { label: 'テーブルに参加する', event: { type: 'meeting.join', spaceId } },
    { label: '退出する', event: { type: 'meeting.leave' } },
    { label: 'もう一度参加する', event: { type: 'meeting.retry' } },
    {
      label: 'マップ表示に切り替える',
      event: { type: 'meeting.settingsChanged', settings: { mapViewMode: true } },
    },
    { label: '会議が終了した（リアルタイム）', event: { type: 'meeting.ended', meetingId } },
    {
      label: '別の会議が終了した（リアルタイム）',
      event: { type: 'meeting.ended', meetingId: '00000000-0000-4000-8000-0000000000d2' },
    },
    {
      label: 'この会議から退出させられた（リアルタイム）',
      event: { type: 'meeting.kicked', meetingId },
    },
    {
      label: 'ワールドのすべての会議から退出させられた（リアルタイム）',
      event: { type: 'meeting.kicked', meetingId: null },
    },
    {
      label: '別の端末で参加した（リアルタイム）',
      event: { type: 'meeting.joinedElsewhere', meetingId },
    },
    {
      label: '離れている間に参加が終了していた（再接続後）',
      event: { type: 'meeting.attendanceEnded', meetingId },
    },
    {
      label: '別の会議の参加が終了していた',
      event: { type: 'meeting.attendanceEnded', meetingId: '00000000-0000-4000-8000-0000000000d2' },
    },
    { label: '再接続を始めた', event: { type: 'meeting.sessionConnecting', reconnecting: true } },
    {
      label: '接続を始めた（初回）',
      event: { type: 'meeting.sessionConnecting', reconnecting: false },
    },
    { label: '接続した', event: { type: 'meeting.sessionStarted' } },
    { label: '停止: Left', event: { type: 'meeting.sessionStopped', status: 'Left' } },
    {
      label: '停止: ConnectionHealthReconnect',
      event: { type: 'meeting.sessionStopped', status: 'ConnectionHealthReconnect' },
    },
    {
      label: '停止: MeetingEnded',
      event: { type: 'meeting.sessionStopped', status: 'MeetingEnded' },
    },
    {
      label: '停止: AudioAttendeeRemoved',
      event: { type: 'meeting.sessionStopped', status: 'AudioAttendeeRemoved' },
    },
    {
      label: '停止: AudioJoinedFromAnotherDevice',
      event: { type: 'meeting.sessionStopped', status: 'AudioJoinedFromAnotherDevice' },
    },
    {
      label: '停止: AudioCallAtCapacity',
      event: { type: 'meeting.sessionStopped', status: 'AudioCallAtCapacity' },
    },
    {
      label: '停止: SignalingInternalServerError（報告する）',
      event: { type: 'meeting.sessionStopped', status: 'SignalingInternalServerError' },
    },
    {
      label: '停止: AudioDisconnected（報告しない）',
      event: { type: 'meeting.sessionStopped', status: 'AudioDisconnected' },
    },
    { label: 'マイクかカメラを会議で使えなかった', event: { type: 'meeting.mediaFailed' } },
    {
      label: 'マイクの音声が届いた',
      event: { type: 'meeting.audioInputChanged', stream: stream('mic') },
    },
    {
      label: 'カメラの映像が届いた',
      event: { type: 'meeting.videoInputChanged', stream: stream('camera') },
    },
    {
      label: 'マイクがオンになった',
      event: { type: 'meeting.micChanged', on: true, canUnmute: true },
    },
    {
      label: '画面共有が始まった',
      event: { type: 'meeting.contentShareChanged', stream: stream('screen') },
    },
    {
      label: 'スピーカーを選んだ',
      event: { type: 'meeting.audioOutputChanged', deviceId: 'speaker-2' },
    },
  ],
  outcomes: {
    joinMeeting: [
      { label: '参加できた（201）', output: join },
      { label: '満員で参加できない（422）', error: full },
      { label: 'サーバーエラー（500）', error: serverError },
    ],
    createSession: [
      { label: 'セッションを作成できた', output: session },
      { label: 'セッションを作成できない', error: new Error('no WebRTC') },
    ],
  },
  // Media and settings are kept in the context in any state. Each is tried once, from the gate
  // (kept for later) or a live connection (applied now), and the path ends there: carried on,
  // every one would repeat the whole meeting with one more field set.
  filterEvents: (snapshot, event) => {
    const c = snapshot.context;
    const untouched =
      c.audioStream === null &&
      c.videoStream === null &&
      c.contentStream === null &&
      !c.micOn &&
      c.audioOutputId === null &&
      c.mapViewMode === defaults.mapViewMode;
    if (!untouched) return false;
    return (
      !MEDIA_TYPES.has(event.type) ||
      snapshot.matches('gate') ||
      snapshot.matches({ session: 'connected' })
    );
  },
  // Loop-free walks through 13 states are many; the shortest and transition families already
  // reach every state and transition, the simple ones add a sample of longer journeys.
  maxSimplePaths: 30,
  // What a person expects (docs/decisions/010-meetings-and-realtime.md, spec section 8): media
  // before joining are kept for later, during a session applied to it; leaving tells the server;
  // the server's forced flags go to the devices on joining; only failures section 8 does not
  // exclude are reported.
  oracles: {
    '(start)': {},
    '(root) —meeting.audioInputChanged→ (stays)': {},
    '(root) —meeting.videoInputChanged→ (stays)': {},
    '(root) —meeting.micChanged→ (stays)': {},
    '(root) —meeting.contentShareChanged→ (stays)': {},
    '(root) —meeting.audioOutputChanged→ (stays)': {},
    '(root) —meeting.settingsChanged→ (stays)': {},
    'gate —meeting.join→ joining': {},
    'left —meeting.join→ joining': {},
    'ended —meeting.join→ joining': {},
    'joinedElsewhere —meeting.retry→ joining': {},
    'full —meeting.retry→ joining': {},
    'failed —meeting.retry→ joining': {},
    // The server keeps the forced flags: a rejoining attendee stays forced off (spec section 4).
    'joining —xstate.done.actor.joinMeeting→ starting': {
      emits: [
        { type: 'devices.forced', device: 'mic', disabled: false },
        { type: 'devices.forced', device: 'video', disabled: true },
      ],
    },
    'joining —xstate.error.actor.joinMeeting [isFull]→ full': {
      takenBy: ['満員で参加できない（422）'],
    },
    'joining —xstate.error.actor.joinMeeting→ failed': { takenBy: ['サーバーエラー（500）'] },
    'starting —xstate.done.actor.createSession→ session': { effects: ['startSession'] },
    // No session at all (no WebRTC): a failure of ours, reported.
    'starting —xstate.error.actor.createSession→ failed': { effects: ['reportError'] },
    'session —meeting.audioInputChanged→ (stays)': { effects: ['applyAudio'] },
    'session —meeting.videoInputChanged→ (stays)': { effects: ['applyVideo'] },
    'session —meeting.micChanged→ (stays)': { effects: ['applyMic'] },
    'session —meeting.contentShareChanged→ (stays)': { effects: ['applyContent'] },
    'session —meeting.audioOutputChanged→ (stays)': { effects: ['applyOutput'] },
    // Spec section 8: an audio device failure is shown, never reported.
    'session —meeting.mediaFailed→ (stays)': {},
    'session —meeting.leave→ left': {
      effects: ['stopSession', effect('leaveMeeting', { worldId, meetingId })],
    },
    'session —meeting.ended [isOurs]→ ended': {
      effects: ['stopSession'],
      takenBy: ['会議が終了した（リアルタイム）'],
    },
    'session —meeting.kicked [isOurs]→ kicked': {
      effects: ['stopSession'],
      takenBy: [
        'この会議から退出させられた（リアルタイム）',
        'ワールドのすべての会議から退出させられた（リアルタイム）',
      ],
    },
    'session —meeting.joinedElsewhere [isReplaced]→ joinedElsewhere': {
      effects: ['stopSession'],
      takenBy: ['別の端末で参加した（リアルタイム）'],
    },
    // Away longer than the absence window (ADR 016): the server ended the attendance, so the
    // visitor rejoins the same space; nothing is left (the server has nothing left to end).
    'session —meeting.attendanceEnded [isOurs]→ joining': {
      effects: ['stopSession'],
      takenBy: ['離れている間に参加が終了していた（再接続後）'],
    },
    'session —meeting.sessionStopped [hasOutcome]→ left': {
      effects: ['stopSession'],
      takenBy: ['停止: Left'],
    },
    // The session comes back by itself: it is restarted, not stopped.
    'session —meeting.sessionStopped [hasOutcome]→ session.reconnecting': {
      effects: ['restartSession'],
      takenBy: ['停止: ConnectionHealthReconnect'],
    },
    'session —meeting.sessionStopped [hasOutcome]→ ended': {
      effects: ['stopSession'],
      takenBy: ['停止: MeetingEnded'],
    },
    'session —meeting.sessionStopped [hasOutcome]→ kicked': {
      effects: ['stopSession'],
      takenBy: ['停止: AudioAttendeeRemoved'],
    },
    'session —meeting.sessionStopped [hasOutcome]→ joinedElsewhere': {
      effects: ['stopSession'],
      takenBy: ['停止: AudioJoinedFromAnotherDevice'],
    },
    'session —meeting.sessionStopped [hasOutcome]→ full': {
      effects: ['stopSession'],
      takenBy: ['停止: AudioCallAtCapacity'],
    },
    // Spec section 8: a lost connection ("Disconnected") is not reported; a server error is.
    'session —meeting.sessionStopped→ failed': (e) => ({
      effects:
        (e as { status?: string }).status === 'SignalingInternalServerError'
          ? ['stopSession', 'reportError']
          : ['stopSession'],
      takenBy: [
        '停止: SignalingInternalServerError（報告する）',
        '停止: AudioDisconnected（報告しない）',
      ],
    }),
    'session.connecting —meeting.sessionStarted→ session.connected': {},
    'session.reconnecting —meeting.sessionStarted→ session.connected': {},
    // Failing to connect is not reported (spec section 8).
    'session.connecting —xstate.after.connectTimeout.meeting.session.connecting→ failed': {
      effects: ['stopSession'],
    },
    'session.reconnecting —xstate.after.reconnectTimeout.meeting.session.reconnecting→ failed': {
      effects: ['stopSession'],
    },
    'session.connected —meeting.sessionConnecting [isReconnecting]→ session.reconnecting': {
      takenBy: ['再接続を始めた'],
    },
  },
  labels: {
    machine: '会議',
    states: {
      gate: '入室前（デバイス確認）',
      joining: '参加を申し込み中',
      starting: 'セッションを準備中',
      session: '会議中',
      'session.connecting': '接続中',
      'session.connected': '接続済み',
      'session.reconnecting': '再接続中',
      left: '退出した',
      ended: '会議が終了した',
      kicked: '退出させられた',
      joinedElsewhere: '別の端末で参加中',
      full: '満員',
      failed: '接続に失敗',
    },
    events: {
      'meeting.join': '参加する',
      'meeting.leave': '退出する',
      'meeting.retry': 'もう一度参加する',
      'meeting.settingsChanged': '表示設定を変える',
      'meeting.ended': '会議終了の通知',
      'meeting.kicked': '退出させられた通知',
      'meeting.joinedElsewhere': '別の端末で参加した通知',
      'meeting.attendanceEnded': '離れている間に参加が終了していた',
      'meeting.sessionConnecting': '接続を始めた',
      'meeting.sessionStarted': '接続した',
      'meeting.sessionStopped': 'セッションが止まった',
      'meeting.mediaFailed': 'マイクかカメラを会議で使えなかった',
      'meeting.audioInputChanged': 'マイクが変わった',
      'meeting.videoInputChanged': 'カメラが変わった',
      'meeting.micChanged': 'マイクのオン・オフが変わった',
      'meeting.contentShareChanged': '画面共有が変わった',
      'meeting.audioOutputChanged': 'スピーカーが変わった',
    },
  },
});

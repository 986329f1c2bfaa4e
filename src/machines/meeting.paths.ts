import { defaultMeetingState } from '../domain/meeting-session';
import type { MeetingJoin, MeetingProvider, MeetingSession } from '../services/meeting/provider';
import { meetingMachine, type MeetingEvent, type MeetingSnapshot } from './meeting.machine';
import { isWatching, selectHearingTable } from './meeting.selectors';
import {
  definePaths,
  effect,
  type Expected,
  type OracleEvent,
  type OracleStep,
} from './path-config';

// Event payloads, actor outcomes and Japanese labels for the generated path tests (tests/paths).

const worldId = '00000000-0000-4000-8000-00000000000a';
const spaceId = '00000000-0000-4000-8000-0000000000b1';
const meetingId = '00000000-0000-4000-8000-0000000000d1';
const tableId = '00000000-0000-4000-8000-0000000000b2';
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
  attendees: [],
  micForceDisabled: false,
  videoForceDisabled: true,
  recording: false,
  leaveKey: 'leave-key',
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
const MOVING_IGNORES: ReadonlySet<MeetingEvent['type']> = new Set([
  'meeting.sessionStopped',
  'meeting.sessionConnecting',
  'meeting.joinedElsewhere',
]);
/**
 * Listening in (ADR 038): once listening, the path goes on to what docs/product.md §4 テーブルを聞く
 * says of it: the microphone stays unsent, one action stops, moving to the table sits there.
 */
const WHILE_LISTENING: ReadonlySet<MeetingEvent['type']> = new Set([
  'meeting.sessionStarted',
  'meeting.micChanged',
  'meeting.stopListening',
  'meeting.move',
]);
const defaults = defaultMeetingState();
/**
 * ADR 026, 038: a device change reaches the session unless the visitor is watching the stage or
 * listening to a table.
 */
const appliedUnlessReceivingOnly =
  (apply: string) =>
  (_e: OracleEvent, _from: readonly string[], { before }: OracleStep<MeetingSnapshot>): Expected =>
    isWatching(before) || selectHearingTable(before) !== null ? {} : { effects: [apply] };

export const paths = definePaths(meetingMachine, {
  // What a person does and sees (npm run qa:paths), from docs/decisions/010-meetings-and-realtime.md,
  // docs/product.md §8 (failures not ours to fix are shown, never reported) and the meeting screens.
  manual: {
    setup:
      'demo@example.com / demo-password でログインし、デモのワールドの入口（/worlds/<ID>/gate）を開いてマイクとカメラを許可する。終了・退出させる操作は別のブラウザーで所有者として行う。',
    steps: {
      テーブルに参加する: '「入場する」（またはマップでテーブルを選んで参加）を押す。',
      別のテーブルへ移動する:
        'マップでほかのテーブルを押す（または一覧でそのテーブルの「「…」に移動」を押す）。',
      今いるスペースを選ぶ: 'マップでいまいるスペースを押す（何も変わらない）。',
      ステージの配信を視聴する:
        '所有者がステージを配信中に、「配信中」の欄の「視聴する」を押す（入口からも押せる）。',
      参加に切り替える: '視聴中に「参加に切り替える」を押す。',
      テーブルを聞く: '会議中に、マップの一覧でだれかがいるほかのテーブルの「「…」を聞く」を押す。',
      聞くのをやめる: '聞いている間に「聞くのをやめる」を押す（もとのスペースに戻る）。',
      '聞く参加ができた（200）':
        '（待つ: テーブルの音声だけが届き、「「…」を聞いています。…」と出る）',
      '視聴で参加できた（200）': '（待つ: ステージの映像と音声が届き、「視聴中」と出る）',
      '離れている間に参加が終了していた（再接続後）':
        '会議中に通信を切り、REALTIME_HEARTBEAT_SECONDS の2倍より長く待ってから戻す（参加し直す）。',
      別の会議の参加が終了していた: '（別の会議の参加の終了は、この画面を変えない）',
      退出する: '「退出する」を押す。',
      もう一度参加する:
        '「もう一度参加する」（別の端末で参加したあとは「こちらで参加する」）を押す。',
      マップ表示に切り替える: 'マップ表示に切り替える（会議はそのまま）。',
      '会議が終了した（リアルタイム）': '所有者のブラウザーでこの会議を終了する。',
      '別の会議が終了した（リアルタイム）':
        '所有者のブラウザーで別のテーブルの会議を終了する（この画面は変わらない）。',
      'この会議から退出させられた（リアルタイム）': '所有者のブラウザーでこの参加者を退出させる。',
      'ワールドのすべての会議から退出させられた（リアルタイム）':
        '所有者のブラウザーでこの参加者をワールドから退出させる。',
      '別の端末で参加した（リアルタイム）': '同じアカウントで別のタブから同じ会議に参加する。',
      再接続を始めた:
        '会議中に Wi‑Fi を数秒切る（DevTools の Network をオフラインにしてすぐ戻す）。',
      '接続を始めた（初回）': '（待つ: 接続が始まる）',
      接続した: '（待つ: 接続が終わり、映像が出る）',
      '停止: Left': '会議の接続が「退出」で止まる（別の画面から退出した）。',
      '停止: ConnectionHealthReconnect': '通信が不安定なまま接続が止まる（再接続に移る）。',
      '停止: MeetingEnded': '所有者が会議を終了し、接続が止まる。',
      '停止: AudioAttendeeRemoved': '所有者がこの参加者を退出させ、接続が止まる。',
      '停止: AudioJoinedFromAnotherDevice': '同じアカウントで別の端末から参加し、接続が止まる。',
      '停止: AudioCallAtCapacity': '会議が満員で接続が止まる。',
      '停止: SignalingInternalServerError（報告する）':
        '会議サービスの障害で接続が止まる（エラー報告に送られる）。',
      '停止: AudioDisconnected（報告しない）':
        '音声が切断されて接続が止まる（エラー報告には送られない）。',
      マイクかカメラを会議で使えなかった: {
        do: '会議中に、会議で使えないデバイスを選ぶ。',
        see: '「マイクまたはカメラを会議で使えませんでした。デバイスを選び直してください。」',
      },
      マイクの音声が届いた: '（マイクが開き、その音声が会議へ渡る）',
      カメラの映像が届いた: '（カメラが開き、その映像が会議へ渡る）',
      マイクがオンになった: 'マイクのボタンを押してオンにする。',
      画面共有が始まった: '「画面を共有」で画面を選ぶ。',
      スピーカーを選んだ: '「音声の出力先」で別のスピーカーを選ぶ。',
      '参加できた（201）': '（待つ: サーバーが参加を受け付ける）',
      '満員で参加できない（422）': 'ワールドの人数が上限に達した状態で参加する。',
      'サーバーエラー（500）':
        'DevTools の Network で …/chime_meetings の要求をブロックして参加する。',
      セッションを作成できた: '（待つ: 会議のセッションができる）',
      セッションを作成できない: {
        do: '会議サービスに接続できない状態で参加する。',
        see: 'このエラーはエラー報告に送られる。',
      },
      'connectTimeoutms 経過': '接続が始まらないまま待つ（DevTools で WebSocket をブロック）。',
      'reconnectTimeoutms 経過': '再接続中のまま通信を戻さずに待つ。',
    },
    states: {
      gate: 'ワールドの入口: 「入場する前に、カメラとマイクを確かめてください。」と「入場する」。',
      joining: '「会議に参加しています…」。',
      starting: '「会議に接続しています…」。',
      'session.connecting': '「会議に接続しています…」。',
      'session.connected': '会議の画面: 自分と他の参加者の映像、「退出する」。',
      'session.reconnecting': '「接続が切れました。再接続しています…」。',
      'session.moving':
        '「移動しています…」。いまの会議の映像と音声は続く（視聴への切り替え、参加への切り替えも）。',
      left: '「会議から退出しました」と「会議に戻る」。',
      ended: '「会議は終了しました」「主催者が会議を終了しました。」と「会議に戻る」。',
      kicked:
        '「会議から退出させられました」「主催者またはスタッフの操作により、ワールドから退出しました。…」と「ワールド一覧へ」。',
      joinedElsewhere:
        '「別のタブまたは端末で参加しました」「同じアカウントで別のタブまたは端末からこの会議に参加したため、こちらの接続を終了しました。」と「こちらで参加する」。',
      full: '「会議に参加できません」「会議の参加人数が上限に達しています。しばらくしてからもう一度お試しください。」と「もう一度参加する」。',
      failed:
        '「会議に接続できませんでした」と理由（「会議に接続できませんでした。通信環境を確かめて「もう一度参加する」を押してください。」ほか）、「もう一度参加する」。',
    },
  },
  input: { worldId, provider },
  events: [
    { label: 'テーブルに参加する', event: { type: 'meeting.join', spaceId } },
    { label: '別のテーブルへ移動する', event: { type: 'meeting.move', spaceId: tableId } },
    { label: '今いるスペースを選ぶ', event: { type: 'meeting.move', spaceId } },
    { label: 'ステージの配信を視聴する', event: { type: 'meeting.watch', spaceId } },
    { label: '参加に切り替える', event: { type: 'meeting.attend' } },
    { label: 'テーブルを聞く', event: { type: 'meeting.listen', spaceId: tableId } },
    { label: '聞くのをやめる', event: { type: 'meeting.stopListening' } },
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
      { label: '視聴で参加できた（200）', output: { ...join, watching: true } },
      { label: '聞く参加ができた（200）', output: { ...join, spaceId: tableId, watching: true } },
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
    // A move is tried once and the path ends when it is answered (carried on, every path would
    // repeat the whole meeting at the next table); while moving, only what the move ignores.
    if (c.movingTo !== null) {
      if (snapshot.matches({ session: 'moving' })) return MOVING_IGNORES.has(event.type);
      // Until something is refused or said (a refused move, the microphone kept unsent).
      return c.hearingTable !== null && c.message === null && WHILE_LISTENING.has(event.type);
    }
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
  // What a person expects (docs/decisions/010-meetings-and-realtime.md, docs/product.md §8): media
  // before joining are kept for later, during a session applied to it; leaving tells the server;
  // the server's forced flags go to the devices on joining; only failures §8 does not
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
    // Watching mode (ADR 026): the stage's meeting joined receive-only, from the gate or after.
    'gate —meeting.watch→ joining': {},
    'left —meeting.watch→ joining': {},
    'ended —meeting.watch→ joining': {},
    // In a session a device change is applied to it; a watcher sends nothing: a device turned
    // on is kept for attending again, never applied.
    'session —meeting.audioInputChanged→ (stays)': appliedUnlessReceivingOnly('applyAudio'),
    'session —meeting.videoInputChanged→ (stays)': appliedUnlessReceivingOnly('applyVideo'),
    'session —meeting.micChanged→ (stays)': appliedUnlessReceivingOnly('applyMic'),
    'session —meeting.contentShareChanged→ (stays)': appliedUnlessReceivingOnly('applyContent'),
    // From a meeting, watching and attending again are moves: the session goes on until joined.
    'session.connected —meeting.watch→ session.moving': {},
    'session.connected —meeting.attend→ session.moving': {},
    // Listening in (docs/product.md §4 テーブルを聞く): a move to the table's meeting, receive-only;
    // stopping is one action, a move back to where it started.
    'session.connected —meeting.listen→ session.moving': {},
    'session.connected —meeting.stopListening→ session.moving': {},
    'left —meeting.join→ joining': {},
    'ended —meeting.join→ joining': {},
    'joinedElsewhere —meeting.retry→ joining': {},
    'full —meeting.retry→ joining': {},
    'failed —meeting.retry→ joining': {},
    // The server keeps the forced flags: a rejoining attendee stays forced off (docs/product.md §4).
    'joining —xstate.done.actor.joinMeeting→ starting': {
      emits: [
        { type: 'devices.forced', device: 'mic', disabled: false },
        { type: 'devices.forced', device: 'video', disabled: true },
      ],
    },
    'joining —xstate.error.actor.joinMeeting→ full': {
      takenBy: ['満員で参加できない（422）'],
    },
    'joining —xstate.error.actor.joinMeeting→ failed': { takenBy: ['サーバーエラー（500）'] },
    'starting —xstate.done.actor.createSession→ session': { effects: ['startSession'] },
    // No session at all (no WebRTC): a failure of ours, reported.
    'starting —xstate.error.actor.createSession→ failed': { effects: ['reportError'] },
    'session —meeting.audioOutputChanged→ (stays)': { effects: ['applyOutput'] },
    // docs/product.md §8: an audio device failure is shown, never reported.
    'session —meeting.mediaFailed→ (stays)': {},
    'session —meeting.leave→ left': {
      effects: ['stopSession', effect('leaveMeeting', { worldId, meetingId })],
    },
    'session —meeting.ended→ ended': {
      effects: ['stopSession'],
      takenBy: ['会議が終了した（リアルタイム）'],
    },
    'session —meeting.kicked→ kicked': {
      effects: ['stopSession'],
      takenBy: [
        'この会議から退出させられた（リアルタイム）',
        'ワールドのすべての会議から退出させられた（リアルタイム）',
      ],
    },
    'session —meeting.joinedElsewhere→ joinedElsewhere': {
      effects: ['stopSession'],
      takenBy: ['別の端末で参加した（リアルタイム）'],
    },
    // Away longer than the absence window (ADR 016): the server ended the attendance, so the
    // visitor rejoins the same space; nothing is left (the server has nothing left to end).
    'session —meeting.attendanceEnded→ joining': {
      effects: ['stopSession'],
      takenBy: ['離れている間に参加が終了していた（再接続後）'],
    },
    'session —meeting.sessionStopped→ left': {
      effects: ['stopSession'],
      takenBy: ['停止: Left'],
    },
    // The session comes back by itself: it is restarted, not stopped.
    'session —meeting.sessionStopped→ session.reconnecting': {
      effects: ['restartSession'],
      takenBy: ['停止: ConnectionHealthReconnect'],
    },
    'session —meeting.sessionStopped→ ended': {
      effects: ['stopSession'],
      takenBy: ['停止: MeetingEnded'],
    },
    'session —meeting.sessionStopped→ kicked': {
      effects: ['stopSession'],
      takenBy: ['停止: AudioAttendeeRemoved'],
    },
    'session —meeting.sessionStopped→ joinedElsewhere': {
      effects: ['stopSession'],
      takenBy: ['停止: AudioJoinedFromAnotherDevice'],
    },
    'session —meeting.sessionStopped→ full': {
      effects: ['stopSession'],
      takenBy: ['停止: AudioCallAtCapacity'],
    },
    // docs/product.md §8: a lost connection ("Disconnected") is not reported; a server error is.
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
    // Failing to connect is not reported (docs/product.md §8).
    'session.connecting —xstate.after.connectTimeout.meeting.session.connecting→ failed': {
      effects: ['stopSession'],
    },
    'session.reconnecting —xstate.after.reconnectTimeout.meeting.session.reconnecting→ failed': {
      effects: ['stopSession'],
    },
    'session.connected —meeting.sessionConnecting→ session.reconnecting': {
      takenBy: ['再接続を始めた'],
    },
    // Moving (ADR 015): the meeting here goes on until the next space's join is answered; the
    // space one is already in is not a move. Listening sits nowhere (ADR 038): any space is a
    // move, the table listened to too.
    'session.connected —meeting.move→ session.moving': (_e, _from, { before }) => ({
      takenBy:
        selectHearingTable(before) === null
          ? ['別のテーブルへ移動する']
          : ['別のテーブルへ移動する', '今いるスペースを選ぶ'],
    }),
    // Joined: this session stops (its attendance was replaced by the server), the next starts
    // with the same media, and the flags the server kept go to the devices again.
    'session.moving —xstate.done.actor.joinMeeting→ starting': {
      effects: ['stopSession'],
      emits: [
        { type: 'devices.forced', device: 'mic', disabled: false },
        { type: 'devices.forced', device: 'video', disabled: true },
      ],
    },
    // Refused (a full table): the visitor stays in the meeting they are in, told why.
    'session.moving —xstate.error.actor.joinMeeting→ session.connected': {},
    // The stop of the session being left, and the server's word that it was replaced, are the move.
    'session.moving —meeting.sessionStopped→ (stays)': {},
    'session.moving —meeting.sessionConnecting→ (stays)': {},
    'session.moving —meeting.joinedElsewhere→ (stays)': {},
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
      'session.moving': '別のスペースへ移動中',
      left: '退出した',
      ended: '会議が終了した',
      kicked: '退出させられた',
      joinedElsewhere: '別の端末で参加中',
      full: '満員',
      failed: '接続に失敗',
    },
    events: {
      'meeting.join': '参加する',
      'meeting.move': '別のスペースへ移動する',
      'meeting.watch': 'ステージの配信を視聴する',
      'meeting.attend': '参加に切り替える',
      'meeting.listen': 'テーブルを聞く',
      'meeting.stopListening': '聞くのをやめる',
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

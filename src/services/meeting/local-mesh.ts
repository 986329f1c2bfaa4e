// The local meeting provider (ADR 010): a WebRTC mesh, one RTCPeerConnection per other attendee,
// signalled as meeting.signal messages over the world's realtime socket. No STUN or TURN: it is
// meant for one machine or a LAN, where host candidates connect. It reports what the Chime SDK
// would, through the same observers, so the meeting statechart cannot tell them apart.
// With the local media server (join.provider `sfu`, ADR 023) the same session sends once, on a
// connection to the server, and receives each other attendee on a connection of its own from the
// server (meeting.mediaSignal): this side always offers, the server answers. A watcher of the
// stage (join.watching, ADR 026) only receives: it opens no connection to send on.
import type { ContentLimits } from '../../domain/meeting-session';
import type { RealtimeServerMessage } from '../../domain/realtime';
import type { RealtimeClient } from '../realtime/realtime-client';
import { MeshMediaElements } from './local-mesh-elements';
import { type MeshMessage, meshMessageOf, RecentMeetingMessages } from './local-mesh-messages';
import { MeshPeer, type LocalTracks, type MediaSlot } from './local-mesh-peer';
import { RemoteAttendee, tileChanged } from './local-mesh-remote';
import { ObserverSet } from './observers';
import type {
  MeetingJoin,
  MeetingObserver,
  MeetingProvider,
  MeetingSession,
  MeetingStatusName,
  VideoTile,
} from './provider';
import { VoiceActivity } from './voice-activity';

export interface LocalMeshDeps {
  realtime: Pick<RealtimeClient, 'send' | 'subscribe'>;
  /** Who is in the meeting now (GET chime_meetings/{id}): for an offer from someone unheard of. */
  listAttendees: (meetingId: string) => Promise<Array<{ attendeeId: string; userId: string }>>;
  createPeerConnection?: () => RTCPeerConnection;
  onError?: (error: unknown) => void;
}

const LOCAL_TILE_ID = 1;

export function createLocalMeshProvider(deps: LocalMeshDeps): MeetingProvider {
  const recent = new RecentMeetingMessages(deps.realtime);
  return {
    name: 'local',
    createSession: async (join) => new LocalMeshSession(join, deps, recent),
  };
}

class LocalMeshSession implements MeetingSession {
  private readonly observers: ObserverSet;
  private readonly remotes = new Map<string, RemoteAttendee>();
  private readonly meetingId: string;
  /** Who was in the meeting when we joined: we call each of them. */
  private readonly present: MeetingJoin['attendees'];
  private readonly attendeeId: string;
  private readonly userId: string;
  private unsubscribe: (() => void) | null = null;
  private running = false;
  private nextTileId = LOCAL_TILE_ID + 1;
  // Our own copy of the microphone track: muting disables it without silencing the device
  // layer's level meter, and a device switch stops only the copy.
  private audioTrack: MediaStreamTrack | null = null;
  private videoTrack: MediaStreamTrack | null = null;
  private contentStream: MediaStream | null = null;
  private contentLimits: ContentLimits | null = null;
  private muted = false;
  private canUnmute = true;
  private localTileStarted = false;
  /** Through the media server: `publisher` carries what we send, the remotes' peers only receive. */
  private readonly viaServer: boolean;
  private readonly watching: boolean;
  private publisher: MeshPeer | null = null;
  private readonly voices = new VoiceActivity((attendeeId, speaking) =>
    this.observers.notify('attendeeSpeakingDidChange', attendeeId, speaking),
  );
  private readonly elements = new MeshMediaElements(
    (tileId) => (tileId === LOCAL_TILE_ID ? this.videoTrack : this.remoteTrackOfTile(tileId)),
    (tileId) => tileId === LOCAL_TILE_ID,
  );

  constructor(
    join: MeetingJoin,
    private readonly deps: LocalMeshDeps,
    private readonly recent: RecentMeetingMessages,
  ) {
    this.meetingId = join.id;
    this.present = join.attendees;
    this.attendeeId = join.attendee.AttendeeId;
    this.userId = join.attendee.ExternalUserId;
    this.viaServer = join.provider === 'sfu';
    this.watching = join.watching === true;
    this.observers = new ObserverSet(deps.onError);
  }

  addObserver(observer: MeetingObserver): void {
    this.observers.add(observer);
  }

  removeObserver(observer: MeetingObserver): void {
    this.observers.remove(observer);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.observers.notify('audioVideoDidStartConnecting', false);
    this.unsubscribe = this.deps.realtime.subscribe((message) => this.onMessage(message));
    if (this.viaServer && !this.watching) this.publish();
    // The newcomer calls everyone already there (the join's own list, ADR 026); they answer (no
    // race with their sockets). Through the server it asks the server for each of them.
    for (const { attendeeId, userId } of this.present) {
      if (attendeeId !== this.attendeeId) this.connect(this.remember(attendeeId, userId), true);
    }
    this.observers.notify('audioVideoDidStart');
    this.announceDevices();
    // What came for this attendee before it listened (a join that crossed ours), then the news.
    for (const mesh of this.recent.replayFor(this.meetingId, this.attendeeId)) this.handle(mesh);
  }

  stop(): void {
    this.stopWith('Left');
  }

  async startAudioInput(stream: MediaStream | null): Promise<void> {
    this.audioTrack?.stop();
    const source = stream?.getAudioTracks()[0] ?? null;
    this.audioTrack = source ? source.clone() : null;
    if (this.audioTrack) this.audioTrack.enabled = !this.muted;
    this.updateSenders();
  }

  async startVideoInput(stream: MediaStream | null): Promise<void> {
    this.videoTrack = stream?.getVideoTracks()[0] ?? null;
    this.updateSenders();
    if (this.localTileStarted) this.reportLocalTile();
  }

  chooseAudioOutput(deviceId: string | null): Promise<void> {
    return this.elements.chooseOutput(deviceId);
  }

  realtimeMuteLocalAudio(): void {
    this.setMuted(true);
  }

  realtimeUnmuteLocalAudio(): boolean {
    if (!this.canUnmute) return false;
    this.setMuted(false);
    return true;
  }

  realtimeSetCanUnmuteLocalAudio(canUnmute: boolean): void {
    this.canUnmute = canUnmute;
  }

  realtimeIsLocalAudioMuted(): boolean {
    return this.muted;
  }

  startLocalVideoTile(): void {
    this.localTileStarted = true;
    this.updateSenders();
    this.reportLocalTile();
    this.announceDevices();
  }

  stopLocalVideoTile(): void {
    this.localTileStarted = false;
    this.updateSenders();
    this.reportLocalTile();
    this.announceDevices();
  }

  bindVideoElement(tileId: number, element: HTMLVideoElement): void {
    this.elements.bindVideo(tileId, element);
  }

  unbindVideoElement(tileId: number): void {
    this.elements.unbindVideo(tileId);
  }

  bindAudioElement(element: HTMLAudioElement): Promise<void> {
    return this.elements.bindAudio(element);
  }

  async startContentShare(stream: MediaStream, limits?: ContentLimits | null): Promise<void> {
    this.contentStream = stream;
    this.contentLimits = limits ?? null;
    const track = stream.getVideoTracks()[0];
    // The browser's own "stop sharing" button ends the track: that is a stop like ours.
    if (track) track.onended = () => this.contentStream === stream && this.stopContentShare();
    this.updateSenders();
    this.announceDevices();
    this.observers.notify('contentShareDidStart');
  }

  stopContentShare(): void {
    if (!this.contentStream) return;
    for (const track of this.contentStream.getTracks()) track.stop();
    this.contentStream = null;
    this.updateSenders();
    this.announceDevices();
    this.observers.notify('contentShareDidStop');
  }

  private setMuted(muted: boolean) {
    this.muted = muted;
    if (this.audioTrack) this.audioTrack.enabled = !muted;
    this.announceDevices();
  }

  private localTracks(): LocalTracks {
    return {
      audio: this.audioTrack,
      video: this.localTileStarted ? this.videoTrack : null,
      content: this.contentStream?.getVideoTracks()[0] ?? null,
      contentLimits: this.contentLimits,
    };
  }

  private updateSenders() {
    const tracks = this.localTracks();
    if (this.viaServer) this.publisher?.setTracks(tracks);
    else for (const remote of this.remotes.values()) remote.peer?.setTracks(tracks);
  }

  private reportLocalTile() {
    const tile: VideoTile = {
      tileId: LOCAL_TILE_ID,
      attendeeId: this.attendeeId,
      userId: this.userId,
      isLocal: true,
      isContent: false,
      active: this.localTileStarted && this.videoTrack !== null,
    };
    this.elements.refresh(LOCAL_TILE_ID);
    this.observers.notify('videoTileDidUpdate', tile);
  }

  private remoteTrackOfTile(tileId: number): MediaStreamTrack | null {
    for (const remote of this.remotes.values()) {
      if (remote.tileIds.video === tileId) return remote.tracks.video;
      if (remote.tileIds.content === tileId) return remote.tracks.content;
    }
    return null;
  }

  private announceDevices() {
    if (!this.running || this.watching) return;
    this.deps.realtime.send({
      type: 'meeting.deviceState',
      meetingId: this.meetingId,
      mic: this.audioTrack !== null && !this.muted,
      video: this.localTileStarted && this.videoTrack !== null,
      screen: this.contentStream !== null,
    });
  }

  private remember(attendeeId: string, userId: string): RemoteAttendee {
    let remote = this.remotes.get(attendeeId);
    if (!remote) {
      remote = new RemoteAttendee(attendeeId, userId, {
        video: this.nextTileId++,
        content: this.nextTileId++,
      });
      this.remotes.set(attendeeId, remote);
      this.reportPresence(remote, true);
    } else if (userId && remote.userId !== userId) {
      remote.userId = userId;
      this.reportTiles(remote);
    }
    return remote;
  }

  private peer(
    remoteAttendeeId: string,
    initiator: boolean,
    onTrack: (slot: MediaSlot, track: MediaStreamTrack) => void,
  ): MeshPeer {
    return new MeshPeer({
      meetingId: this.meetingId,
      localAttendeeId: this.attendeeId,
      remoteAttendeeId,
      initiator,
      direction: this.viaServer
        ? remoteAttendeeId === this.attendeeId
          ? 'sendonly'
          : 'recvonly'
        : 'sendrecv',
      createPeerConnection:
        this.deps.createPeerConnection ?? (() => new RTCPeerConnection({ iceServers: [] })),
      sendSignal: (signal) =>
        this.deps.realtime.send({
          type: this.viaServer ? 'meeting.mediaSignal' : 'meeting.signal',
          signal,
        }),
      onTrack,
      onConnectionState: () => {},
      onError: (error) => this.deps.onError?.(error),
    });
  }

  /** Through the media server: the one connection that carries our media (to ourselves). */
  private publish() {
    this.publisher ??= this.peer(this.attendeeId, true, () => {});
    this.publisher.setTracks(this.localTracks());
  }

  private connect(remote: RemoteAttendee, initiator: boolean) {
    if (remote.peer) return;
    remote.peer = this.peer(remote.attendeeId, initiator, (slot, track) =>
      this.onRemoteTrack(remote, slot, track),
    );
    if (!this.viaServer) remote.peer.setTracks(this.localTracks());
  }

  private onRemoteTrack(remote: RemoteAttendee, slot: MediaSlot, track: MediaStreamTrack) {
    remote.tracks[slot] = track;
    if (slot === 'audio') {
      this.elements.addVoice(track);
      this.voices.add(remote.attendeeId, track);
      return;
    }
    const refresh = () => this.reportTiles(remote);
    track.onmute = track.onunmute = track.onended = refresh;
    // A track in place of an earlier one (connected again): its element shows the new one.
    this.elements.refresh(remote.tileIds[slot]);
    refresh();
  }

  private reportTiles(remote: RemoteAttendee) {
    // A closing peer ends its tracks after the attendee was forgotten: nothing more to report.
    if (this.remotes.get(remote.attendeeId) !== remote) return;
    for (const slot of ['video', 'content'] as const) {
      const tile = remote.tile(slot);
      if (!tileChanged(remote.reported[slot], tile)) continue;
      remote.reported[slot] = tile;
      if (tile) {
        this.elements.refresh(tile.tileId);
        this.observers.notify('videoTileDidUpdate', tile);
      } else {
        this.unbindVideoElement(remote.tileIds[slot]);
        this.observers.notify('videoTileWasRemoved', remote.tileIds[slot]);
      }
    }
  }

  private reportPresence(remote: RemoteAttendee, present: boolean) {
    this.observers.notify('attendeePresenceDidChange', {
      attendeeId: remote.attendeeId,
      userId: remote.userId,
      present,
      muted: !remote.devices.mic,
    });
  }

  private forget(attendeeId: string) {
    const remote = this.remotes.get(attendeeId);
    if (!remote) return;
    this.remotes.delete(attendeeId);
    remote.peer?.close();
    if (remote.tracks.audio) this.elements.removeVoice(remote.tracks.audio);
    this.voices.remove(attendeeId);
    for (const slot of ['video', 'content'] as const) {
      if (remote.reported[slot]) {
        this.unbindVideoElement(remote.tileIds[slot]);
        this.observers.notify('videoTileWasRemoved', remote.tileIds[slot]);
      }
    }
    this.reportPresence(remote, false);
  }

  private onMessage(message: RealtimeServerMessage) {
    const mesh = this.running ? meshMessageOf(message, this.meetingId, this.attendeeId) : null;
    if (mesh) this.handle(mesh);
  }

  private handle(mesh: MeshMessage) {
    switch (mesh.kind) {
      case 'serverSignal': {
        if (!this.viaServer) return;
        const { fromAttendeeId } = mesh.signal;
        const peer =
          fromAttendeeId === this.attendeeId
            ? this.publisher
            : this.remotes.get(fromAttendeeId)?.peer;
        peer?.handleSignal(mesh.signal);
        return;
      }
      case 'signal': {
        if (this.viaServer) return;
        const remote = this.remember(mesh.signal.fromAttendeeId, '');
        if (!remote.userId) void this.lookUpUser(remote);
        this.connect(remote, false);
        remote.peer!.handleSignal(mesh.signal);
        return;
      }
      case 'joined': {
        // The newcomer calls us; tell it what our devices are doing. Through the server we ask
        // the server for the newcomer's media.
        const remote = this.remember(mesh.attendeeId, mesh.userId);
        if (this.viaServer) this.connect(remote, true);
        this.announceDevices();
        return;
      }
      case 'left':
        this.forget(mesh.attendeeId);
        return;
      case 'devices': {
        const remote = this.remotes.get(mesh.attendeeId);
        if (!remote) return;
        const mutedBefore = !remote.devices.mic;
        remote.devices = mesh.devices;
        if (mutedBefore !== !mesh.devices.mic) this.reportPresence(remote, true);
        this.reportTiles(remote);
        return;
      }
      case 'stop':
        this.stopWith(mesh.status);
        return;
      case 'restart':
        if (this.viaServer) this.connectAgain();
        return;
      case 'iceRestart': {
        // The server's end of one connection failed while ours may still say connected.
        if (!this.viaServer) return;
        const peer =
          mesh.peerAttendeeId === this.attendeeId
            ? this.publisher
            : this.remotes.get(mesh.peerAttendeeId)?.peer;
        peer?.restartIce();
        return;
      }
    }
  }

  /**
   * Another server process holds the meeting's media now (ADR 039): every connection to the
   * media server is made again, sending the devices as they are; the tiles stay and show the
   * new tracks as they come.
   */
  private connectAgain() {
    this.publisher?.close();
    this.publisher = null;
    if (!this.watching) this.publish();
    for (const remote of this.remotes.values()) {
      remote.peer?.close();
      remote.peer = null;
      if (remote.tracks.audio) this.elements.removeVoice(remote.tracks.audio);
      this.voices.remove(remote.attendeeId);
      this.connect(remote, true);
    }
    this.announceDevices();
  }

  /** An offer from an attendee we had not heard of (joined while our socket was reconnecting). */
  private async lookUpUser(remote: RemoteAttendee) {
    const attendees = await this.deps.listAttendees(this.meetingId).catch(() => []);
    const found = attendees.find((a) => a.attendeeId === remote.attendeeId);
    if (found && this.remotes.get(remote.attendeeId) === remote)
      this.remember(remote.attendeeId, found.userId);
  }

  private stopWith(status: MeetingStatusName) {
    if (!this.running) return;
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const attendeeId of [...this.remotes.keys()]) this.forget(attendeeId);
    this.voices.stop();
    this.publisher?.close();
    this.publisher = null;
    this.contentStream?.getTracks().forEach((track) => track.stop());
    this.contentStream = null;
    this.audioTrack?.stop();
    this.audioTrack = null;
    this.observers.notify('audioVideoDidStop', status);
  }
}

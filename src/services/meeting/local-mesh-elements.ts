// The page's media elements as the local mesh drives them: one video element per bound tile,
// showing that tile's current track, and one audio element playing every remote voice.

export class MeshMediaElements {
  private readonly video = new Map<number, HTMLVideoElement>();
  private readonly remoteAudio = new MediaStream();
  private audio: HTMLAudioElement | null = null;

  /** `trackOf` answers a tile's current track; `isLocal` tiles are muted (no echo of oneself). */
  constructor(
    private readonly trackOf: (tileId: number) => MediaStreamTrack | null,
    private readonly isLocal: (tileId: number) => boolean,
  ) {}

  bindVideo(tileId: number, element: HTMLVideoElement): void {
    this.video.set(tileId, element);
    this.refresh(tileId);
  }

  unbindVideo(tileId: number): void {
    const element = this.video.get(tileId);
    if (element) element.srcObject = null;
    this.video.delete(tileId);
  }

  /** Shows the tile's current track in its element, if bound (after a bind or a track change). */
  refresh(tileId: number): void {
    const element = this.video.get(tileId);
    if (!element) return;
    const track = this.trackOf(tileId);
    const current =
      element.srcObject instanceof MediaStream ? element.srcObject.getVideoTracks()[0] : undefined;
    if (current === (track ?? undefined)) return;
    element.srcObject = track ? new MediaStream([track]) : null;
    if (this.isLocal(tileId)) element.muted = true;
    void element.play().catch(() => {});
  }

  async bindAudio(element: HTMLAudioElement): Promise<void> {
    this.audio = element;
    element.srcObject = this.remoteAudio;
    // Autoplay may be refused before any click (the enter button is one); the next voice retries.
    await element.play().catch(() => {});
  }

  addVoice(track: MediaStreamTrack): void {
    this.remoteAudio.addTrack(track);
    if (this.audio?.paused) void this.audio.play().catch(() => {});
  }

  removeVoice(track: MediaStreamTrack): void {
    this.remoteAudio.removeTrack(track);
  }

  async chooseOutput(deviceId: string | null): Promise<void> {
    const element = this.audio as
      (HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    await element?.setSinkId?.(deviceId ?? '');
  }
}

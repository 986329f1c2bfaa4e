// Who is speaking, from their voice tracks (the mesh and the media server; the Chime SDK reports
// volume itself): each track's loudness read a few times a second; speaking while it stays over
// a threshold, for a moment after it falls, so that the map's ring does not flicker per syllable.

/** RMS of the samples (−1..1) that counts as a voice rather than a room's hum. */
export const SPEAKING_LEVEL = 0.02;
/** How long the ring stays after the voice falls silent. */
export const HOLD_MS = 600;
const EVERY_MS = 120;

/** Speaking now, given the level just read, whether speaking before, and when last loud. */
export function speakingStep(
  level: number,
  now: number,
  lastLoudAt: number | null,
): { speaking: boolean; lastLoudAt: number | null } {
  if (level >= SPEAKING_LEVEL) return { speaking: true, lastLoudAt: now };
  const speaking = lastLoudAt !== null && now - lastLoudAt < HOLD_MS;
  return { speaking, lastLoudAt: speaking ? lastLoudAt : null };
}

type Meter = {
  source: MediaStreamAudioSourceNode;
  analyser: AnalyserNode;
  samples: Float32Array<ArrayBuffer>;
  lastLoudAt: number | null;
  speaking: boolean;
};

export class VoiceActivity {
  private context: AudioContext | null = null;
  private readonly meters = new Map<string, Meter>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly onChange: (attendeeId: string, speaking: boolean) => void) {}

  add(attendeeId: string, track: MediaStreamTrack): void {
    this.remove(attendeeId);
    if (typeof AudioContext === 'undefined') return;
    this.context ??= new AudioContext();
    const source = this.context.createMediaStreamSource(new MediaStream([track]));
    const analyser = this.context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    this.meters.set(attendeeId, { source, analyser, samples, lastLoudAt: null, speaking: false });
    this.timer ??= setInterval(() => this.read(), EVERY_MS);
  }

  remove(attendeeId: string): void {
    const meter = this.meters.get(attendeeId);
    if (!meter) return;
    meter.source.disconnect();
    this.meters.delete(attendeeId);
    if (meter.speaking) this.onChange(attendeeId, false);
    if (this.meters.size === 0) this.stop();
  }

  stop(): void {
    for (const attendeeId of [...this.meters.keys()]) this.remove(attendeeId);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    void this.context?.close().catch(() => {});
    this.context = null;
  }

  private read() {
    const now = performance.now();
    for (const [attendeeId, meter] of this.meters) {
      meter.analyser.getFloatTimeDomainData(meter.samples);
      let sum = 0;
      for (const sample of meter.samples) sum += sample * sample;
      const next = speakingStep(Math.sqrt(sum / meter.samples.length), now, meter.lastLoudAt);
      meter.lastLoudAt = next.lastLoudAt;
      if (next.speaking !== meter.speaking) {
        meter.speaking = next.speaking;
        this.onChange(attendeeId, next.speaking);
      }
    }
  }
}

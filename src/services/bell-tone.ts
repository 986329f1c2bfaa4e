// The bell's sound, made on the spot with WebAudio (no audio file to load): two short soft
// tones. A tab the visitor muted in the browser stays silent, since the browser mutes its output.

const TONES = [880, 660];
const TONE_SECONDS = 0.25;

export function playBellTone(): void {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  const context = new Context();
  const start = context.currentTime;
  TONES.forEach((frequency, i) => {
    const at = start + i * TONE_SECONDS;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    // A quick rise and a fall, so the tone does not click.
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.001, at + TONE_SECONDS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + TONE_SECONDS);
  });
  // A context per ring, closed once the tones are over (browsers cap open contexts).
  setTimeout(() => void context.close(), (TONES.length * TONE_SECONDS + 0.2) * 1000);
}

import { useEffect, useState } from 'react';

/** The microphone's level, 0 to 1, sampled about ten times a second while `stream` is set. */
function useMicLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  const measurable =
    stream !== null && stream.getAudioTracks().length > 0 && typeof AudioContext !== 'undefined';
  useEffect(() => {
    if (!stream || !measurable) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      // RMS, scaled so that speech sits in the middle of the meter.
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
    }, 100);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close();
    };
  }, [stream, measurable]);
  return measurable ? level : 0;
}

/** A level meter for the microphone check: moves when the visitor speaks. */
export function MicLevelMeter({ stream }: { stream: MediaStream | null }) {
  const level = useMicLevel(stream);
  return (
    <div className="mic-level">
      <label htmlFor="mic-level">マイクの音量</label>
      <meter
        id="mic-level"
        min={0}
        max={1}
        low={0.1}
        high={0.8}
        optimum={0.5}
        value={level}
        data-level={level.toFixed(2)}
      >
        {Math.round(level * 100)}%
      </meter>
      {!stream && <p className="hint">マイクが使われていません。</p>}
    </div>
  );
}

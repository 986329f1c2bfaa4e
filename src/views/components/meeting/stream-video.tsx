import { useEffect, useRef } from 'react';

/** A muted, inline video of a local stream (the camera preview). */
export function StreamVideo({
  stream,
  label,
  className,
}: {
  stream: MediaStream | null;
  label: string;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => {});
  }, [stream]);
  return <video ref={ref} className={className} aria-label={label} autoPlay muted playsInline />;
}

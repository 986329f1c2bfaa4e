import type { Rect } from '../../../domain/layout';

/** Drawn seats go up to this many; a bigger table shows its count in words only. */
const MAX_DOTS = 24;

/** A table's seats as dots on an ellipse inside it (decoration: the label says the count). */
export function SeatDots({ space }: { space: Rect & { capacity: number } }) {
  const count = Math.min(space.capacity, MAX_DOTS);
  if (count < 1) return null;
  const cx = space.x + space.width / 2;
  const cy = space.y + space.height / 2;
  const r = Math.max(3, Math.min(10, Math.min(space.width, space.height) / 12));
  const rx = space.width / 2 - r * 1.8;
  const ry = space.height / 2 - r * 1.8;
  return (
    <g className="editor-seat-dots" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => {
        const angle = (2 * Math.PI * i) / count - Math.PI / 2;
        return (
          <circle key={i} cx={cx + rx * Math.cos(angle)} cy={cy + ry * Math.sin(angle)} r={r} />
        );
      })}
    </g>
  );
}

import { useRef, useState, type PointerEvent } from 'react';
import { GRID, LAYOUT_HEIGHT, LAYOUT_WIDTH, snap, spaceKindLabels } from '../../../domain/layout';
import type { DraftSpace, LayoutEdit } from '../../../domain/layout-edit';
import { SeatDots } from './seat-dots';

/** A drag in progress: the spaces follow the pointer, and one edit is sent when it ends. */
type Gesture =
  | { kind: 'move'; keys: string[]; from: Point; dx: number; dy: number }
  | { kind: 'resize'; key: string; from: Point; width: number; height: number };
type Point = { x: number; y: number };

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);
const HANDLE = 28;

export interface LayoutCanvasProps {
  spaces: DraftSpace[];
  selection: string[];
  /** Keys of spaces with a problem: drawn with a red outline. */
  invalid: ReadonlySet<string>;
  background: { color: string; imageUrl: string | null };
  onSelect: (keys: string[]) => void;
  onEdit: (edit: LayoutEdit) => void;
}

/**
 * The layout drawn on its 1200 × 800 grid. Click selects, shift-click adds to the selection, a
 * drag moves the selection and the corner handle resizes, snapped to the grid (pointer events:
 * mouse, pen and touch alike). Keys are handled by the page (use-editor-keys.ts).
 */
export function LayoutCanvas(props: LayoutCanvasProps) {
  const { spaces, selection, invalid, background, onSelect, onEdit } = props;
  const svg = useRef<SVGSVGElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);

  /** The pointer in grid units. */
  function pointOf(event: PointerEvent): Point {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: p.x, y: p.y };
  }

  function startMove(event: PointerEvent, space: DraftSpace) {
    if (event.button !== 0) return;
    event.stopPropagation();
    const picked = selection.includes(space.key);
    if (event.shiftKey) {
      onSelect(picked ? selection.filter((k) => k !== space.key) : [...selection, space.key]);
      return;
    }
    const keys = picked ? selection : [space.key];
    if (!picked) onSelect(keys);
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
    setGesture({ kind: 'move', keys, from: pointOf(event), dx: 0, dy: 0 });
  }

  function startResize(event: PointerEvent, space: DraftSpace) {
    if (event.button !== 0) return;
    event.stopPropagation();
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
    const { width, height } = space;
    setGesture({ kind: 'resize', key: space.key, from: pointOf(event), width, height });
  }

  function follow(event: PointerEvent) {
    if (!gesture) return;
    const p = pointOf(event);
    const dx = snap(p.x - gesture.from.x);
    const dy = snap(p.y - gesture.from.y);
    if (gesture.kind === 'move') setGesture({ ...gesture, dx, dy });
    else {
      const space = spaces.find((s) => s.key === gesture.key)!;
      setGesture({
        ...gesture,
        width: clamp(space.width + dx, GRID, LAYOUT_WIDTH - space.x),
        height: clamp(space.height + dy, GRID, LAYOUT_HEIGHT - space.y),
      });
    }
  }

  function finish() {
    if (!gesture) return;
    if (gesture.kind === 'move' && (gesture.dx !== 0 || gesture.dy !== 0))
      onEdit({ kind: 'move', keys: gesture.keys, dx: gesture.dx, dy: gesture.dy });
    if (gesture.kind === 'resize') {
      const space = spaces.find((s) => s.key === gesture.key)!;
      if (space.width !== gesture.width || space.height !== gesture.height)
        onEdit({ kind: 'resize', key: space.key, width: gesture.width, height: gesture.height });
    }
    setGesture(null);
  }

  /** Where a space is drawn now: moved or resized by the gesture in progress. */
  function shown(s: DraftSpace): DraftSpace {
    if (gesture?.kind === 'move' && gesture.keys.includes(s.key))
      return {
        ...s,
        x: clamp(s.x + gesture.dx, 0, LAYOUT_WIDTH - s.width),
        y: clamp(s.y + gesture.dy, 0, LAYOUT_HEIGHT - s.height),
      };
    if (gesture?.kind === 'resize' && gesture.key === s.key)
      return { ...s, width: gesture.width, height: gesture.height };
    return s;
  }

  return (
    <svg
      ref={svg}
      className="editor-canvas"
      viewBox={`0 0 ${LAYOUT_WIDTH} ${LAYOUT_HEIGHT}`}
      role="group"
      tabIndex={0}
      aria-label="レイアウトの図"
      aria-describedby="editor-canvas-help"
      onPointerMove={follow}
      onPointerUp={finish}
      onPointerCancel={() => setGesture(null)}
      onPointerDown={() => selection.length > 0 && onSelect([])}
    >
      <defs>
        <pattern id="editor-grid" width={GRID * 2} height={GRID * 2} patternUnits="userSpaceOnUse">
          <path d={`M ${GRID * 2} 0 L 0 0 0 ${GRID * 2}`} className="editor-canvas-grid" />
        </pattern>
      </defs>
      <rect width={LAYOUT_WIDTH} height={LAYOUT_HEIGHT} fill={background.color} />
      {background.imageUrl && (
        <image
          href={background.imageUrl}
          width={LAYOUT_WIDTH}
          height={LAYOUT_HEIGHT}
          preserveAspectRatio="xMidYMid slice"
        />
      )}
      <rect width={LAYOUT_WIDTH} height={LAYOUT_HEIGHT} fill="url(#editor-grid)" />
      {spaces.map((space) => {
        const s = shown(space);
        const selected = selection.includes(s.key);
        return (
          <g
            key={s.key}
            className={`editor-space editor-space-${s.kind}`}
            data-selected={selected || undefined}
            data-invalid={invalid.has(s.key) || undefined}
            role="img"
            aria-label={`${spaceKindLabels[s.kind]}「${s.name}」 ${s.capacity}席`}
            onPointerDown={(e) => startMove(e, space)}
          >
            <rect
              x={s.x}
              y={s.y}
              width={s.width}
              height={s.height}
              rx={s.kind === 'table' ? 16 : 4}
            />
            {s.kind === 'table' && <SeatDots space={s} />}
            <text x={s.x + s.width / 2} y={s.y + s.height / 2} textAnchor="middle">
              <tspan className="editor-space-name">{s.name}</tspan>
              <tspan x={s.x + s.width / 2} dy="1.3em" className="editor-space-seats">
                {s.capacity}席
              </tspan>
            </text>
            {selected && (
              <rect
                className="editor-space-handle"
                x={s.x + s.width - HANDLE / 2}
                y={s.y + s.height - HANDLE / 2}
                width={HANDLE}
                height={HANDLE}
                aria-hidden="true"
                onPointerDown={(e) => startResize(e, space)}
              />
            )}
          </g>
        );
      })}
    </svg>
  );
}

import { type RefObject, useEffect, useRef, useState, type PointerEvent } from 'react';
import { GRID, LAYOUT_HEIGHT, LAYOUT_WIDTH, snap, spaceKindLabels } from '../../../domain/layout';
import {
  type Box,
  type Corner,
  corners,
  type DraftSpace,
  type LayoutEdit,
  resizeFrom,
} from '../../../domain/layout-edit';
import { SeatDots } from './seat-dots';

/** A drag in progress: the spaces follow the pointer, and one edit is sent when it ends. */
type Gesture =
  | { kind: 'move'; keys: string[]; from: Point; dx: number; dy: number }
  | { kind: 'resize'; key: string; corner: Corner; from: Point; box: Box };
type Point = { x: number; y: number };

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);
/**
 * A corner handle as drawn, and the square around it a finger can take (44 px, the size of a
 * touch target), in screen pixels: the same on a phone as on a desktop, however the canvas is
 * scaled. The reach stays within most of a small space, whose middle still moves it.
 */
const HANDLE_PX = 14;
const REACH_PX = 44;

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
 * The layout drawn on its 1200 × 800 grid. Click (or tap) selects, shift-click adds to the
 * selection, a drag moves the selection and a corner handle of a selected space resizes it from
 * that corner, snapped to the grid. Pointer events: mouse, pen and touch alike; the canvas takes
 * the touches (touch-action: none), so the page does not scroll under a finger. Keys are handled
 * by the page (use-editor-keys.ts); the list beside the canvas sets position and size by number.
 */
export function LayoutCanvas(props: LayoutCanvasProps) {
  const { spaces, selection, invalid, background, onSelect, onEdit } = props;
  const svg = useRef<SVGSVGElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const unitsPerPx = useUnitsPerPixel(svg);

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

  function startResize(event: PointerEvent, space: DraftSpace, corner: Corner) {
    if (event.button !== 0) return;
    event.stopPropagation();
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
    const { x, y, width, height } = space;
    setGesture({
      kind: 'resize',
      key: space.key,
      corner,
      from: pointOf(event),
      box: { x, y, width, height },
    });
  }

  function follow(event: PointerEvent) {
    if (!gesture) return;
    const p = pointOf(event);
    const dx = snap(p.x - gesture.from.x);
    const dy = snap(p.y - gesture.from.y);
    if (gesture.kind === 'move') setGesture({ ...gesture, dx, dy });
    else {
      const space = spaces.find((s) => s.key === gesture.key)!;
      setGesture({ ...gesture, box: resizeFrom(gesture.corner, space, dx, dy) });
    }
  }

  function finish() {
    if (!gesture) return;
    if (gesture.kind === 'move' && (gesture.dx !== 0 || gesture.dy !== 0))
      onEdit({ kind: 'move', keys: gesture.keys, dx: gesture.dx, dy: gesture.dy });
    if (gesture.kind === 'resize') {
      const space = spaces.find((s) => s.key === gesture.key)!;
      const { box } = gesture;
      if (
        space.x !== box.x ||
        space.y !== box.y ||
        space.width !== box.width ||
        space.height !== box.height
      )
        onEdit({ kind: 'resize', key: space.key, ...box });
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
    if (gesture?.kind === 'resize' && gesture.key === s.key) return { ...s, ...gesture.box };
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
            {selected &&
              corners.map((corner) => {
                const cx = corner[1] === 'w' ? s.x : s.x + s.width;
                const cy = corner[0] === 'n' ? s.y : s.y + s.height;
                const handle = HANDLE_PX * unitsPerPx;
                const reach = Math.min(REACH_PX * unitsPerPx, 0.8 * Math.min(s.width, s.height));
                return (
                  <g
                    key={corner}
                    className={`editor-space-handle editor-space-handle-${corner}`}
                    aria-hidden="true"
                    onPointerDown={(e) => startResize(e, space, corner)}
                  >
                    <rect
                      className="editor-space-handle-reach"
                      x={cx - reach / 2}
                      y={cy - reach / 2}
                      width={reach}
                      height={reach}
                    />
                    <rect x={cx - handle / 2} y={cy - handle / 2} width={handle} height={handle} />
                  </g>
                );
              })}
          </g>
        );
      })}
    </svg>
  );
}

/** Grid units per screen pixel of the canvas, kept as it is resized (1 until it is laid out). */
function useUnitsPerPixel(svg: RefObject<SVGSVGElement | null>): number {
  const [ratio, setRatio] = useState(1);
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const measure = () => {
      const width = element.getBoundingClientRect().width;
      if (width > 0) setRatio(LAYOUT_WIDTH / width);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [svg]);
  return ratio;
}

// The room the world's map is drawn in, with pan and zoom (ADR 030): the whole layout fitted on
// entry; the wheel, a pinch, + and - zoom around their point, 0 fits again; dragging, the arrow
// keys and the scroll bars pan; 拡大, 縮小 and 全体を表示 do the same as buttons. The drawing
// keeps its labels and avatars at their size: zooming spreads the spaces apart.
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  FITTED,
  ZOOM_STEP,
  fitted,
  scrollToShow,
  zoomAt,
  type MapView,
  type Point,
  type Size,
} from '../../../domain/map-view';

/** A rectangle of the layout in fractions of it (0..1): a space to bring into view. */
export interface MapRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A pointer moved less than this (px) is a click or a tap, not a drag. */
const DRAG_SLOP = 4;

export function MapViewport({
  ratio,
  canvasStyle,
  show,
  children,
}: {
  /** The layout's width / height. */
  ratio: number;
  canvasStyle: CSSProperties;
  /** Brought into view when it changes (a space focused in the list). */
  show: MapRect | null;
  children: ReactNode;
}) {
  const roomRef = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<Size | null>(null);
  const [view, setView] = useState<MapView>(FITTED);
  const fit = room ? fitted(room, ratio) : null;
  const drawn = fit && { width: fit.width * view.zoom, height: fit.height * view.zoom };

  // The room's size, before the first paint and whenever the window or the panels change it.
  useLayoutEffect(() => {
    const element = roomRef.current!;
    const measure = () => setRoom({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The scroll goes with the zoom, once the drawing has its new size.
  useLayoutEffect(() => {
    const element = roomRef.current!;
    element.scrollLeft = view.scroll.x;
    element.scrollTop = view.scroll.y;
  }, [view]);

  const current = (): MapView => {
    const element = roomRef.current!;
    return { zoom: view.zoom, scroll: { x: element.scrollLeft, y: element.scrollTop } };
  };
  const zoomTo = (zoom: number, at?: Point) => {
    if (!room || !fit) return;
    setView(zoomAt(current(), zoom, at ?? { x: room.width / 2, y: room.height / 2 }, room, fit));
  };
  /** A point of the window in the room's coordinates. */
  const inRoom = (clientX: number, clientY: number): Point => {
    const box = roomRef.current!.getBoundingClientRect();
    return { x: clientX - box.left, y: clientY - box.top };
  };

  // The wheel zooms the map, not the page: a listener that may prevent the page's scroll.
  const onWheel = useEffectEvent((event: WheelEvent) => {
    event.preventDefault();
    // Lines of a mouse wheel as pixels; a trackpad's pinch (ctrl) comes in small steps.
    const pixels = event.deltaY * (event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 16 : 1);
    zoomTo(
      view.zoom * Math.exp(-pixels / (event.ctrlKey ? 100 : 300)),
      inRoom(event.clientX, event.clientY),
    );
  });
  useEffect(() => {
    const element = roomRef.current!;
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  useEffect(() => {
    if (!show || !room || !drawn) return;
    const element = roomRef.current!;
    const target = {
      x: show.left * drawn.width + Math.max(0, (room.width - drawn.width) / 2),
      y: show.top * drawn.height + Math.max(0, (room.height - drawn.height) / 2),
      width: show.width * drawn.width,
      height: show.height * drawn.height,
    };
    const scroll = { x: element.scrollLeft, y: element.scrollTop };
    const next = scrollToShow(scroll, target, room, drawn);
    element.scrollLeft = next.x;
    element.scrollTop = next.y;
    // Only a new space to show scrolls: not a zoom or a resize after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [show]);

  const pointers = usePointers(roomRef, view.zoom, inRoom, zoomTo);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === '+' || event.key === '=') zoomTo(view.zoom * ZOOM_STEP);
    else if (event.key === '-') zoomTo(view.zoom / ZOOM_STEP);
    else if (event.key === '0') setView({ ...FITTED });
    else return;
    event.preventDefault();
  };

  return (
    <div className="world-map-view" style={{ '--map-ratio': ratio } as CSSProperties}>
      <div
        ref={roomRef}
        className="world-map-fit"
        role="group"
        aria-label="会場マップの表示"
        aria-describedby="world-map-view-keys"
        data-fitted={view.zoom === 1 || undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        {...pointers}
      >
        {drawn && (
          <div
            className="world-map-canvas"
            aria-hidden="true"
            style={{ ...canvasStyle, width: drawn.width, height: drawn.height }}
          >
            {children}
          </div>
        )}
      </div>
      <p id="world-map-view-keys" className="visually-hidden">
        ＋とーで拡大・縮小、0で全体を表示、矢印キーで表示する場所を動かします。
      </p>
      <div className="world-map-zoom" role="group" aria-label="マップの表示">
        <button
          type="button"
          aria-label="拡大"
          title="拡大（＋）"
          onClick={() => zoomTo(view.zoom * ZOOM_STEP)}
        >
          ＋
        </button>
        <button
          type="button"
          aria-label="縮小"
          title="縮小（−）"
          onClick={() => zoomTo(view.zoom / ZOOM_STEP)}
        >
          −
        </button>
        <button type="button" title="全体を表示（0）" onClick={() => setView({ ...FITTED })}>
          全体を表示
        </button>
      </div>
    </div>
  );
}

/**
 * Dragging pans the room (a mouse, a pen, one finger); two fingers pinch-zoom around their middle.
 * A drag is no click: past DRAG_SLOP the room captures the pointer, so the click that ends the
 * drag goes to the room (the common ancestor of where it began and ended), not to a space.
 */
function usePointers(
  roomRef: RefObject<HTMLDivElement | null>,
  zoom: number,
  inRoom: (clientX: number, clientY: number) => Point,
  zoomTo: (zoom: number, at: Point) => void,
) {
  const down = useRef(new Map<number, Point>());
  const drag = useRef<{ start: Point; scroll: Point; moved: boolean } | null>(null);
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const spread = () => {
    const [a, b] = [...down.current.values()];
    return {
      distance: Math.hypot(a!.x - b!.x, a!.y - b!.y),
      middle: inRoom((a!.x + b!.x) / 2, (a!.y + b!.y) / 2),
    };
  };
  const end = (event: PointerEvent) => {
    down.current.delete(event.pointerId);
    if (down.current.size < 2) pinch.current = null;
  };
  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      down.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const element = roomRef.current!;
      if (down.current.size === 2) {
        pinch.current = { distance: spread().distance, zoom };
        drag.current = null;
      } else
        drag.current = {
          start: { x: event.clientX, y: event.clientY },
          scroll: { x: element.scrollLeft, y: element.scrollTop },
          moved: false,
        };
    },
    onPointerMove(event: PointerEvent) {
      if (!down.current.has(event.pointerId)) return;
      down.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const element = roomRef.current!;
      if (pinch.current && down.current.size === 2) {
        const { distance, middle } = spread();
        if (pinch.current.distance > 0)
          zoomTo((pinch.current.zoom * distance) / pinch.current.distance, middle);
        return;
      }
      const current = drag.current;
      if (!current) return;
      const dx = event.clientX - current.start.x;
      const dy = event.clientY - current.start.y;
      if (!current.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
      if (!current.moved) element.setPointerCapture(event.pointerId);
      current.moved = true;
      element.scrollLeft = current.scroll.x - dx;
      element.scrollTop = current.scroll.y - dy;
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
}

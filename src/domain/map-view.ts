// Pan and zoom of the world's map (docs/decisions/030-world-page-as-a-place.md): the layout is
// fitted whole into the map's room on entry (zoom 1) and zoomed up to MAX_ZOOM around a point;
// panning is the room's own scroll, which these functions keep inside the drawing.

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** How far the map is zoomed (1: the whole layout in view) and where its room is scrolled. */
export interface MapView {
  zoom: number;
  scroll: Point;
}

export const MAX_ZOOM = 4;
/** One press of 拡大 or 縮小, one key press of + or -. */
export const ZOOM_STEP = 1.5;

/** The whole layout in view: nothing to scroll. */
export const FITTED: MapView = { zoom: 1, scroll: { x: 0, y: 0 } };

/** The largest drawing of a layout `ratio` (width / height) that fits whole into `room`. */
export function fitted(room: Size, ratio: number): Size {
  const width = Math.max(0, Math.min(room.width, room.height * ratio));
  return { width, height: ratio > 0 ? width / ratio : 0 };
}

/** Never smaller than the whole layout, never larger than MAX_ZOOM times it. */
export function clampZoom(zoom: number): number {
  return Number.isFinite(zoom) ? Math.min(MAX_ZOOM, Math.max(1, zoom)) : 1;
}

/** A drawing smaller than its room sits in the middle of it (the room's auto margins). */
const offset = (room: number, drawn: number) => Math.max(0, (room - drawn) / 2);
const clampAxis = (scroll: number, room: number, drawn: number) =>
  Math.min(Math.max(0, drawn - room), Math.max(0, scroll));

/** A scroll the room can take: from 0 to where the drawing's far edge meets the room's. */
export function clampScroll(scroll: Point, room: Size, drawn: Size): Point {
  return {
    x: clampAxis(scroll.x, room.width, drawn.width),
    y: clampAxis(scroll.y, room.height, drawn.height),
  };
}

/**
 * `view` zoomed to `zoom` (clamped) so that the point of the drawing under `at` (in the room's
 * coordinates) stays under it: the wheel's and the pinch's point, the room's middle for the
 * buttons. `fit` is the drawing's size at zoom 1.
 */
export function zoomAt(view: MapView, zoom: number, at: Point, room: Size, fit: Size): MapView {
  const next = clampZoom(zoom);
  const axis = (scroll: number, point: number, roomSide: number, fitSide: number) => {
    // Where the point is along the fitted drawing; a drawing smaller than the room afterwards
    // has nothing to scroll on that side (the clamp below), so its middle needs no account.
    const along = (scroll + point - offset(roomSide, fitSide * view.zoom)) / view.zoom;
    return along * next - point;
  };
  const drawn = { width: fit.width * next, height: fit.height * next };
  return {
    zoom: next,
    scroll: clampScroll(
      {
        x: axis(view.scroll.x, at.x, room.width, fit.width),
        y: axis(view.scroll.y, at.y, room.height, fit.height),
      },
      room,
      drawn,
    ),
  };
}

/**
 * The least scroll that brings `target` (a rectangle of the drawing, in its pixels) into the
 * room, with `margin` around it where there is room; a target larger than the room shows its
 * top left.
 */
export function scrollToShow(
  scroll: Point,
  target: { x: number; y: number; width: number; height: number },
  room: Size,
  drawn: Size,
  margin = 8,
): Point {
  const axis = (at: number, start: number, length: number, roomSide: number) => {
    if (length + 2 * margin > roomSide || start - margin < at) return start - margin;
    if (start + length + margin > at + roomSide) return start + length + margin - roomSide;
    return at;
  };
  return clampScroll(
    {
      x: axis(scroll.x, target.x, target.width, room.width),
      y: axis(scroll.y, target.y, target.height, room.height),
    },
    room,
    drawn,
  );
}

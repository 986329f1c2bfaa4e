import { describe, expect, it } from 'vitest';
import { FITTED, MAX_ZOOM, clampScroll, clampZoom, fitted, scrollToShow, zoomAt } from './map-view';

describe('the map fitted into its room', () => {
  it('is the largest drawing of the layout that lies wholly inside the room', () => {
    // A wide layout in a tall room: as wide as the room.
    expect(fitted({ width: 300, height: 400 }, 2)).toEqual({ width: 300, height: 150 });
    // A wide layout in a wider room: as tall as the room.
    expect(fitted({ width: 1000, height: 300 }, 2)).toEqual({ width: 600, height: 300 });
    expect(fitted({ width: 0, height: 0 }, 2)).toEqual({ width: 0, height: 0 });
  });
});

describe('zooming the map', () => {
  const room = { width: 400, height: 300 };
  const fit = { width: 400, height: 200 };

  it('stays between the whole layout and MAX_ZOOM times it', () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(2)).toBe(2);
    expect(clampZoom(99)).toBe(MAX_ZOOM);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('keeps the point under the wheel where it was', () => {
    // At zoom 1 the 400×200 drawing sits 50 px down in the 300 px room; (100, 150) is the
    // drawing's point (100, 100). Zoomed twice, that point is at (200, 200) of the 800×400
    // drawing, which fills the room's height: scrolled by (100, 50), it is under (100, 150).
    const view = zoomAt(FITTED, 2, { x: 100, y: 150 }, room, fit);
    expect(view.zoom).toBe(2);
    expect(view.scroll.x).toBeCloseTo(100);
    expect(view.scroll.y).toBeCloseTo(50);
    // And back out: the whole layout again.
    expect(zoomAt(view, 1, { x: 100, y: 150 }, room, fit)).toEqual(FITTED);
  });

  it('around the middle of the room for the buttons', () => {
    const view = zoomAt(FITTED, 2, { x: 200, y: 150 }, room, fit);
    expect(view.scroll.x).toBeCloseTo(200);
    expect(view.scroll.y).toBeCloseTo(50);
  });

  it('never scrolls past the drawing, zooming out near its edge', () => {
    const near = { zoom: 4, scroll: { x: 1200, y: 500 } };
    const view = zoomAt(near, 2, { x: 0, y: 0 }, room, fit);
    // The 800×400 drawing scrolls at most to (400, 100).
    expect(view.scroll).toEqual({ x: 400, y: 100 });
    expect(zoomAt(FITTED, 99, { x: 400, y: 300 }, room, fit).zoom).toBe(MAX_ZOOM);
  });

  it('clamps a scroll to the drawing', () => {
    expect(clampScroll({ x: -5, y: 900 }, room, { width: 800, height: 400 })).toEqual({
      x: 0,
      y: 100,
    });
    expect(clampScroll({ x: 50, y: 50 }, room, fit)).toEqual({ x: 0, y: 0 });
  });
});

describe('a space focused in the list', () => {
  const room = { width: 400, height: 300 };
  const drawn = { width: 1600, height: 800 };

  it('is scrolled into the room, with a margin, by the least scroll', () => {
    // Right of the room: scrolled until its right edge and the margin are in.
    expect(
      scrollToShow({ x: 0, y: 0 }, { x: 500, y: 100, width: 100, height: 50 }, room, drawn),
    ).toEqual({ x: 208, y: 0 });
    // Left of and above the room: scrolled back to its top left less the margin.
    expect(
      scrollToShow({ x: 900, y: 400 }, { x: 300, y: 200, width: 100, height: 50 }, room, drawn),
    ).toEqual({ x: 292, y: 192 });
    // Already in the room: nothing moves.
    expect(
      scrollToShow({ x: 100, y: 100 }, { x: 200, y: 200, width: 50, height: 50 }, room, drawn),
    ).toEqual({ x: 100, y: 100 });
  });

  it('larger than the room shows its top left', () => {
    expect(
      scrollToShow({ x: 0, y: 0 }, { x: 600, y: 100, width: 900, height: 100 }, room, drawn),
    ).toEqual({ x: 592, y: 0 });
  });
});

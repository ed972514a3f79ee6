import { describe, expect, it } from 'vitest';
import {
  centreOn,
  clampPanZoom,
  fitScale,
  openingView,
  visibleRect,
  zoomAround,
  zoomAroundWithin,
} from './pan-zoom-math';

const limits = { min: 0.3, max: 2 };
const viewport = { width: 375, height: 400 };

describe('seat map pan and zoom', () => {
  it('fits a wide hall to the viewport width but never enlarges a small one', () => {
    expect(fitScale(viewport, { width: 750, height: 500 }, limits)).toBe(0.5);
    expect(fitScale(viewport, { width: 300, height: 200 }, limits)).toBe(1);
    expect(fitScale(viewport, { width: 5000, height: 500 }, limits)).toBe(0.3);
  });

  it('keeps the point under the fingers still while zooming', () => {
    const before = { x: -100, y: -50, scale: 1 };
    const after = zoomAround(before, 2, 200, 100);
    // The content point under (200, 100) was (300, 150); it must still be under (200, 100).
    expect((200 - after.x) / after.scale).toBe(300);
    expect((100 - after.y) / after.scale).toBe(150);
  });

  it('keeps the point under the fingers still when a pinch asks for more than the maximum', () => {
    // Both fingers landed close together: the first move asks for ten times the scale.
    const before = { x: -100, y: -50, scale: 1 };
    const after = zoomAroundWithin(before, 10, 200, 100, limits);
    expect(after.scale).toBe(limits.max);
    expect((200 - after.x) / after.scale).toBe(300);
    expect((100 - after.y) / after.scale).toBe(150);
    // The same at the minimum.
    const out = zoomAroundWithin(before, 0.01, 200, 100, limits);
    expect(out.scale).toBe(limits.min);
    expect((200 - out.x) / out.scale).toBeCloseTo(300);
  });

  it('centres small content across, keeps it at the top, and stops a large one at its edges', () => {
    const small = clampPanZoom(
      { x: 50, y: 50, scale: 1 },
      viewport,
      { width: 300, height: 200 },
      limits,
    );
    expect(small).toEqual({ scale: 1, x: 37.5, y: 0 });
    const large = { width: 1000, height: 1000 };
    expect(clampPanZoom({ x: 40, y: 40, scale: 1 }, viewport, large, limits)).toEqual({
      scale: 1,
      x: 0,
      y: 0,
    });
    expect(clampPanZoom({ x: -9000, y: -9000, scale: 1 }, viewport, large, limits)).toEqual({
      scale: 1,
      x: -625,
      y: -600,
    });
  });

  it('limits the scale to the allowed range', () => {
    expect(
      clampPanZoom({ x: 0, y: 0, scale: 9 }, viewport, { width: 100, height: 100 }, limits).scale,
    ).toBe(2);
  });

  it('centres a content point at the given scale', () => {
    expect(centreOn(100, 50, 2, viewport)).toEqual({ scale: 2, x: -12.5, y: 100 });
  });
});

describe('the opening view of a hall', () => {
  const opening = { x: 500, y: 350, minScale: 0.7 };

  it('shows a hall whole when its seats are readable that way', () => {
    expect(openingView(viewport, { width: 400, height: 300 }, limits, opening)).toEqual({
      scale: 0.9375,
      x: 0,
      y: 0,
    });
  });

  it('opens a wide hall at the readable scale centred on its best area', () => {
    const view = openingView(viewport, { width: 976, height: 716 }, limits, opening);
    expect(view.scale).toBe(0.7);
    // The focus point sits at the viewport's centre.
    expect(view.x + 500 * 0.7).toBeCloseTo(375 / 2);
    expect(view.y + 350 * 0.7).toBeCloseTo(200);
  });

  it('keeps the opening view inside the hall near its edges', () => {
    const view = openingView(viewport, { width: 976, height: 716 }, limits, {
      ...opening,
      x: 10,
      y: 700,
    });
    expect(view.x).toBe(0);
    expect(view.y).toBeCloseTo(400 - 716 * 0.7);
  });

  it('tells which part of the hall is on screen', () => {
    const rect = visibleRect({ x: -70, y: -35, scale: 0.7 }, { width: 350, height: 280 });
    expect(rect.x).toBeCloseTo(100);
    expect(rect.y).toBeCloseTo(50);
    expect(rect.width).toBeCloseTo(500);
    expect(rect.height).toBeCloseTo(400);
  });
});

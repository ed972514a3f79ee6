/** Where the seat map's content sits in its viewport: translate, then scale from the top left. */
export interface PanZoom {
  x: number;
  y: number;
  scale: number;
}

export interface Box {
  width: number;
  height: number;
}

export interface ScaleLimits {
  min: number;
  max: number;
}

/** The scale at which the whole content fits the viewport's width (never above 1). */
export function fitScale(viewport: Box, content: Box, limits: ScaleLimits): number {
  if (content.width <= 0 || viewport.width <= 0) return 1;
  return clamp(Math.min(1, viewport.width / content.width), limits.min, limits.max);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Keep the content reachable: smaller than the viewport it is centred across and sits at the top
 * (just under the screen, as in a hall); larger, it may not leave a gap at either edge.
 */
export function clampPanZoom(
  view: PanZoom,
  viewport: Box,
  content: Box,
  limits: ScaleLimits,
): PanZoom {
  const scale = clamp(view.scale, limits.min, limits.max);
  const axis = (offset: number, viewportSize: number, contentSize: number, isCentred: boolean) => {
    const size = contentSize * scale;
    if (size <= viewportSize) return isCentred ? (viewportSize - size) / 2 : 0;
    return clamp(offset, viewportSize - size, 0);
  };
  return {
    scale,
    x: axis(view.x, viewport.width, content.width, true),
    y: axis(view.y, viewport.height, content.height, false),
  };
}

/** Scale by `factor` keeping the content point under (px, py) of the viewport where it is. */
/**
 * `zoomAround` with the scale kept within the limits first, so the point under the fingers stays
 * put even when the gesture asks for more than the limits allow. Left to the clamp afterwards,
 * a pinch begun with both fingers close together (a factor of 10 or more on its first move)
 * placed the view for a huge scale and then cut only the scale: the view jumped to a far corner.
 */
export function zoomAroundWithin(
  view: PanZoom,
  factor: number,
  px: number,
  py: number,
  limits: ScaleLimits,
): PanZoom {
  const scale = clamp(view.scale * factor, limits.min, limits.max);
  return zoomAround(view, scale / view.scale, px, py);
}

export function zoomAround(view: PanZoom, factor: number, px: number, py: number): PanZoom {
  const scale = view.scale * factor;
  return {
    scale,
    x: px - (px - view.x) * factor,
    y: py - (py - view.y) * factor,
  };
}

/** Put the content point (cx, cy) at the viewport's centre at the given scale. */
export function centreOn(cx: number, cy: number, scale: number, viewport: Box): PanZoom {
  return { scale, x: viewport.width / 2 - cx * scale, y: viewport.height / 2 - cy * scale };
}

export function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: { x: number; y: number }, b: { x: number; y: number }) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * The first view of a hall: the whole width when seats are readable that way; otherwise the
 * readable scale, centred on the focus point (the hall's best area), kept inside the content.
 */
export function openingView(
  viewport: Box,
  content: Box,
  limits: ScaleLimits,
  opening?: { x: number; y: number; minScale: number },
): PanZoom {
  const scale = fitScale(viewport, content, limits);
  if (!opening || scale >= opening.minScale)
    return clampPanZoom({ scale, x: 0, y: 0 }, viewport, content, limits);
  return clampPanZoom(
    centreOn(opening.x, opening.y, opening.minScale, viewport),
    viewport,
    content,
    limits,
  );
}

/** The part of the content (at scale 1) the viewport shows. */
export function visibleRect(view: PanZoom, viewport: Box) {
  return {
    x: -view.x / view.scale,
    y: -view.y / view.scale,
    width: viewport.width / view.scale,
    height: viewport.height / view.scale,
  };
}

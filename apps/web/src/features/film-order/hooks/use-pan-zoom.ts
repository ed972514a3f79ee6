import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import {
  clampPanZoom,
  distance,
  fitScale,
  midpoint,
  openingView,
  zoomAround,
  zoomAroundWithin,
  type Box,
  type PanZoom,
  type ScaleLimits,
} from './pan-zoom-math';

/** A finger that moved less than this is a tap, not a drag. */
const TAP_SLOP_PX = 8;
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP_PX = 30;
/** The smallest distance between two fingers a pinch's factor is measured from. */
const MIN_PINCH_SPAN_PX = 40;

interface Point {
  x: number;
  y: number;
}

export interface PanZoomControls {
  viewportRef: (element: HTMLDivElement | null) => void;
  contentRef: (element: HTMLDivElement | null) => void;
  /** Zoom in to `scale` around a content point (seat centre) unless already at least that close. */
  zoomToPoint(cx: number, cy: number, scale: number): void;
  /** Pan just enough that a content rectangle (a focused seat) is inside the viewport. */
  reveal(rect: { x: number; y: number; width: number; height: number }): void;
  getView(): PanZoom;
  /** The viewport's size minus the row labels' gutter. */
  getViewport(): Box;
  /** The scale at which the whole hall's width fits. */
  fitScale(): number;
  fit(): void;
  /** Zoom by `factor` around the viewport's centre (the + and − buttons). */
  zoomBy(factor: number): void;
}

/**
 * Pinch, drag, double-tap and wheel zoom of the seat map. The view lives in a ref and reaches the
 * DOM as a CSS transform once per animation frame, so a gesture never re-renders a seat; `onView`
 * lets the row labels follow the same way.
 */
export function usePanZoom(options: {
  content: Box;
  limits: ScaleLimits;
  onView?: (view: PanZoom) => void;
  /** Screen space at the viewport's left kept for the row labels: the content never goes under it. */
  gutterLeft?: number;
  /** Where a hall too wide to read whole opens: at `minScale`, centred on this content point. */
  opening?: { x: number; y: number; minScale: number };
}): PanZoomControls {
  const { content, limits } = options;
  const gutter = options.gutterLeft ?? 0;
  const viewport = useRef<HTMLDivElement | null>(null);
  const inner = useRef<HTMLDivElement | null>(null);
  const view = useRef<PanZoom>({ x: 0, y: 0, scale: 1 });
  const frame = useRef(0);
  const onView = useRef(options.onView);
  const sizes = useRef({ content, limits, opening: options.opening });
  // The latest options for the handlers, taken after each render (never while rendering), before
  // the effects below read them.
  useLayoutEffect(() => {
    onView.current = options.onView;
    sizes.current = { content, limits, opening: options.opening };
  });

  // The view is kept in the viewport minus the gutter; painting shifts it right by the gutter.
  const viewportBox = useCallback(
    (): Box => ({
      width: Math.max(0, (viewport.current?.clientWidth ?? 0) - gutter),
      height: viewport.current?.clientHeight ?? 0,
    }),
    [gutter],
  );

  const paint = useCallback(() => {
    frame.current = 0;
    const { x, y, scale } = view.current;
    if (inner.current) {
      inner.current.style.transform = `translate3d(${x + gutter}px, ${y}px, 0) scale(${scale})`;
    }
    onView.current?.(view.current);
  }, [gutter]);

  const setView = useCallback(
    (next: PanZoom) => {
      view.current = clampPanZoom(next, viewportBox(), sizes.current.content, sizes.current.limits);
      if (!frame.current) frame.current = requestAnimationFrame(paint);
    },
    [paint, viewportBox],
  );

  const fit = useCallback(() => {
    const { content: size, limits: bounds, opening } = sizes.current;
    setView(openingView(viewportBox(), size, bounds, opening));
  }, [setView, viewportBox]);

  // Fit when the hall or the viewport's size changes; the first time in the animation frame before
  // the browser paints the hall (not in an effect, which may come after that paint: the hall and
  // its row labels then showed at scale 1 first, a layout shift), and without measuring the
  // viewport in the task that renders the seats.
  useLayoutEffect(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      fit(); // frame.current is still set, so fit leaves the painting to the line below
      paint();
    });
    const element = viewport.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // Measured in the observer (its first report follows the frame's fit above), not here.
    let lastWidth: number | null = null;
    const observer = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (lastWidth === null) {
        lastWidth = width;
      } else if (width !== lastWidth) {
        lastWidth = width;
        fit();
      } else {
        setView(view.current);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [content.width, content.height, fit, setView, paint]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // Gestures: listeners on the viewport; seat buttons inside still get their clicks on a tap.
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const pointers = new Map<number, Point>();
    let start: { view: PanZoom; a: Point; b?: Point } | null = null;
    let downAt: Point | null = null;
    let moved = false;
    let suppressClick = false;
    let lastTap: { at: number; point: Point } | null = null;

    const local = (event: PointerEvent | WheelEvent): Point => {
      const rect = element.getBoundingClientRect();
      return { x: event.clientX - rect.left - gutter, y: event.clientY - rect.top };
    };
    const restart = () => {
      const [a, b] = [...pointers.values()];
      start = a ? { view: { ...view.current }, a, b } : null;
    };

    const onDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      // Controls over the hall (the zoom buttons) are pressed, not dragged.
      if ((event.target as Element | null)?.closest?.('[data-no-pan]')) return;
      pointers.set(event.pointerId, local(event));
      if (pointers.size === 1) {
        downAt = local(event);
        moved = false;
        suppressClick = false;
      } else {
        moved = true;
      }
      restart();
    };
    const onMove = (event: PointerEvent) => {
      if (!pointers.has(event.pointerId) || !start) return;
      const point = local(event);
      pointers.set(event.pointerId, point);
      const [a, b] = [...pointers.values()];
      if (!a) return;
      if (!moved && downAt && distance(point, downAt) < TAP_SLOP_PX) return;
      moved = true;
      if (b && start.b) {
        const before = midpoint(start.a, start.b);
        const after = midpoint(a, b);
        // Fingers that land almost together would turn the first few pixels into a huge factor.
        const span = (p: Point, q: Point) => Math.max(MIN_PINCH_SPAN_PX, distance(p, q));
        const factor = span(a, b) / span(start.a, start.b);
        const zoomed = zoomAroundWithin(
          start.view,
          factor,
          before.x,
          before.y,
          sizes.current.limits,
        );
        setView({ ...zoomed, x: zoomed.x + after.x - before.x, y: zoomed.y + after.y - before.y });
      } else {
        setView({
          ...start.view,
          x: start.view.x + a.x - start.a.x,
          y: start.view.y + a.y - start.a.y,
        });
      }
    };
    const onUp = (event: PointerEvent) => {
      if (!pointers.has(event.pointerId)) return;
      const point = local(event);
      pointers.delete(event.pointerId);
      if (moved) suppressClick = true;
      restart();
      if (pointers.size > 0 || moved) return;
      // A tap on the hall itself (not on a seat): two in quick succession zoom in or back out.
      const onSeat = (event.target as Element | null)?.closest?.('[data-seat]');
      const now = event.timeStamp;
      if (
        !onSeat &&
        lastTap &&
        now - lastTap.at < DOUBLE_TAP_MS &&
        distance(point, lastTap.point) < DOUBLE_TAP_SLOP_PX
      ) {
        lastTap = null;
        const box = viewportBox();
        const fitted = fitScale(box, sizes.current.content, sizes.current.limits);
        const { max } = sizes.current.limits;
        const target = view.current.scale < (fitted + max) / 2 ? max : fitted;
        setView(zoomAround(view.current, target / view.current.scale, point.x, point.y));
      } else {
        lastTap = { at: now, point };
      }
    };
    const onCancel = (event: PointerEvent) => {
      pointers.delete(event.pointerId);
      restart();
    };
    const onClick = (event: MouseEvent) => {
      if (!suppressClick) return;
      suppressClick = false;
      event.stopPropagation();
      event.preventDefault();
    };
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const point = local(event);
      if (event.ctrlKey || Math.abs(event.deltaY) > Math.abs(event.deltaX) * 2) {
        const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002));
        setView(zoomAroundWithin(view.current, factor, point.x, point.y, sizes.current.limits));
      } else {
        setView({
          ...view.current,
          x: view.current.x - event.deltaX,
          y: view.current.y - event.deltaY,
        });
      }
    };

    element.addEventListener('pointerdown', onDown);
    element.addEventListener('pointermove', onMove);
    element.addEventListener('pointerup', onUp);
    element.addEventListener('pointercancel', onCancel);
    element.addEventListener('pointerleave', onCancel);
    element.addEventListener('click', onClick, true);
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      element.removeEventListener('pointerdown', onDown);
      element.removeEventListener('pointermove', onMove);
      element.removeEventListener('pointerup', onUp);
      element.removeEventListener('pointercancel', onCancel);
      element.removeEventListener('pointerleave', onCancel);
      element.removeEventListener('click', onClick, true);
      element.removeEventListener('wheel', onWheel);
    };
  }, [setView, gutter, viewportBox]);

  const zoomToPoint = useCallback(
    (cx: number, cy: number, scale: number) => {
      const current = view.current;
      if (current.scale >= scale) return;
      const box = viewportBox();
      // Keep the tapped point where it is on screen, as Maoyan does, so the finger stays on it.
      const px = current.x + cx * current.scale;
      const py = current.y + cy * current.scale;
      setView(
        zoomAround(current, scale / current.scale, clampTo(px, box.width), clampTo(py, box.height)),
      );
    },
    [setView, viewportBox],
  );

  const zoomBy = useCallback(
    (factor: number) => {
      const box = viewportBox();
      setView(
        zoomAroundWithin(view.current, factor, box.width / 2, box.height / 2, sizes.current.limits),
      );
    },
    [setView, viewportBox],
  );

  const reveal = useCallback(
    (rect: { x: number; y: number; width: number; height: number }) => {
      const { x, y, scale } = view.current;
      const box = viewportBox();
      const left = x + rect.x * scale;
      const top = y + rect.y * scale;
      const right = left + rect.width * scale;
      const bottom = top + rect.height * scale;
      let dx = 0;
      let dy = 0;
      if (left < 0) dx = -left + 8;
      else if (right > box.width) dx = box.width - right - 8;
      if (top < 0) dy = -top + 8;
      else if (bottom > box.height) dy = box.height - bottom - 8;
      if (dx || dy) setView({ scale, x: x + dx, y: y + dy });
    },
    [setView, viewportBox],
  );

  return {
    viewportRef: useCallback((element) => {
      viewport.current = element;
    }, []),
    contentRef: useCallback((element) => {
      inner.current = element;
    }, []),
    zoomToPoint,
    reveal,
    getView: useCallback(() => view.current, []),
    getViewport: viewportBox,
    fitScale: useCallback(
      () => fitScale(viewportBox(), sizes.current.content, sizes.current.limits),
      [viewportBox],
    ),
    fit,
    zoomBy,
  };
}

function clampTo(value: number, size: number): number {
  return Math.min(size, Math.max(0, value));
}

import { memo, useImperativeHandle, useRef, type Ref } from 'react';
import type { Box, PanZoom } from '../hooks/pan-zoom-math';
import { visibleRect } from '../hooks/pan-zoom-math';
import type { Seat } from '@marquee/contracts';
import { seatBox, seatViewOf, type SeatMapData, type SeatView } from './seat-map-model';

export interface MinimapHandle {
  /** Follow the view (called once per painted frame, never re-rendering). */
  show(view: PanZoom, viewport: Box, fitScale: number): void;
}

const WIDTH = 88;

/**
 * The whole hall in miniature at the map's top right while it is zoomed in, with a frame around
 * the part on screen. Decoration for sighted users: the map's summary says the same in words.
 */
export const Minimap = memo(function Minimap({
  ref,
  ...props
}: {
  ref: Ref<MinimapHandle>;
  data: SeatMapData;
  size: Box;
  chosen: readonly string[];
  /** Labels of the seats the user's own unpaid order holds. */
  mine?: ReadonlySet<string>;
  label: string;
}) {
  const root = useRef<HTMLDivElement | null>(null);
  const frame = useRef<HTMLDivElement | null>(null);
  const ratio = WIDTH / props.size.width;
  const height = Math.round(props.size.height * ratio);

  useImperativeHandle(
    ref,
    () => ({
      show(view, viewport, fitScale) {
        const element = root.current;
        if (!element || !frame.current) return;
        const isZoomed = view.scale > fitScale * 1.05 + 0.01;
        element.dataset.visible = String(isZoomed);
        if (!isZoomed) return;
        const rect = visibleRect(view, viewport);
        const left = Math.max(0, rect.x) * ratio;
        const top = Math.max(0, rect.y) * ratio;
        const right = Math.min(props.size.width, rect.x + rect.width) * ratio;
        const bottom = Math.min(props.size.height, rect.y + rect.height) * ratio;
        Object.assign(frame.current.style, {
          left: `${left}px`,
          top: `${top}px`,
          width: `${Math.max(4, right - left)}px`,
          height: `${Math.max(4, bottom - top)}px`,
        });
      },
    }),
    [ratio, props.size],
  );

  const chosenSeats = chosenSeatsOf(props.data, props.chosen);
  return (
    <div
      className="seat-minimap"
      ref={root}
      data-visible="false"
      data-testid="seat-minimap"
      aria-hidden
      title={props.label}
      style={{ width: WIDTH, height }}
    >
      <svg width={WIDTH} height={height} viewBox={`0 0 ${props.size.width} ${props.size.height}`}>
        <MinimapSeats data={props.data} mine={props.mine ?? noSeats} />
        {/* Chosen seats drawn over the hall: a tap re-renders these few, not every seat. */}
        {chosenSeats.map((seat) => (
          <SeatRect key={seat.id} seat={seat} view="chosen" />
        ))}
      </svg>
      <div className="seat-minimap__frame" ref={frame} />
    </div>
  );
});

const noSeats: ReadonlySet<string> = new Set();

/**
 * Every seat as it is without the user's choice (their own order's held seats as theirs);
 * re-renders only when the hall data or that order changes.
 */
const MinimapSeats = memo(function MinimapSeats(props: {
  data: SeatMapData;
  mine: ReadonlySet<string>;
}) {
  return props.data.rows.flatMap((row) =>
    row.seats.map((seat) => (
      <SeatRect
        key={seat.id}
        seat={seat}
        view={seatViewOf(seat, false, props.mine.has(seat.label))}
      />
    )),
  );
});

function SeatRect(props: { seat: Seat; view: SeatView }) {
  const box = seatBox(props.seat);
  return (
    <rect
      x={box.x}
      y={box.y}
      width={box.width}
      height={box.height}
      className={`seat-minimap__seat seat-minimap__seat--${props.view}`}
    />
  );
}

function chosenSeatsOf(data: SeatMapData, chosen: readonly string[]): Seat[] {
  const ids = new Set(chosen);
  return data.rows.flatMap((row) => row.seats.filter((seat) => ids.has(seat.id)));
}

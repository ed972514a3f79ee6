import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useLayoutEffect,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { seatNames, sweetSpot, type PriceArea, type Seat, type SeatRow } from '@marquee/contracts';
import { getLang } from '@/lib/i18n/i18n';
import { filmOrderMessages } from '../film-order-messages';
import { seatChoiceMessages } from '../seat-choice-messages';
import { seatMapMessages } from '../seat-map-messages';
import { seatWords } from './seat-words';
import { usePanZoom } from '../hooks/use-pan-zoom';
import type { Box, PanZoom } from '../hooks/pan-zoom-math';
import { Minimap, type MinimapHandle } from './seat-minimap';
import {
  CELL,
  contentSize,
  countSeats,
  labelsByRow,
  PAD_LEFT,
  ROW_LABEL_GUTTER,
  boxOfSeats,
  rowTop,
  seatBox,
  seatViewOf,
  type SeatMapData,
  type SeatView,
} from './seat-map-model';
import './seat-map.css';

const noSeats: ReadonlySet<string> = new Set();
const LIMITS = { min: 0.3, max: 1.6 };
/** Below this, seats (18 px) and row letters get hard to read: a wide hall opens zoomed to it. */
const READABLE_SCALE = 0.7;
/** A tap on a seat while the whole hall is in view zooms in to about this, as Maoyan does. */
const TAP_ZOOM = 1.1;
/** One press of + or −. */
const ZOOM_STEP = 1.4;

/**
 * The hall: every seat is a real button positioned absolutely in one content layer that pinch and
 * drag move with a CSS transform. Rows re-render only when their own seats change.
 */
export function SeatMap(props: {
  hallName: string;
  data: SeatMapData;
  chosen: readonly string[];
  /** Labels of the seats the user's own unpaid order holds: drawn as theirs. */
  mine?: ReadonlySet<string>;
  /** Seats to bring into view (推荐选座's pick): a new array each time. */
  revealIds?: readonly string[];
  onSeat: (seat: Seat) => void;
}) {
  const t = filmOrderMessages.useT();
  const choice = seatChoiceMessages.useT();
  const { data } = props;
  const size = useMemo(() => contentSize(data), [data]);
  const labels = useRef<HTMLDivElement | null>(null);
  const minimap = useRef<MinimapHandle | null>(null);
  const summaryId = useId();
  // A hall too wide to read whole opens on its sweet spot (decision 023).
  const opening = useMemo(() => {
    const spot = sweetSpot(data);
    return {
      x: PAD_LEFT + (spot.x + 0.5) * CELL,
      y: rowTop(spot.y) + CELL / 2,
      minScale: READABLE_SCALE,
    };
  }, [data]);

  const panZoomRef = useRef<{ getViewport(): Box; fitScale(): number } | null>(null);
  const onView = useCallback((view: PanZoom) => {
    const element = labels.current;
    if (element) {
      element.style.transform = `translate3d(0, ${view.y}px, 0)`;
      element.style.setProperty('--s', String(view.scale));
    }
    const controls = panZoomRef.current;
    if (controls) minimap.current?.show(view, controls.getViewport(), controls.fitScale());
  }, []);
  const panZoom = usePanZoom({
    content: size,
    limits: LIMITS,
    onView,
    gutterLeft: ROW_LABEL_GUTTER,
    opening,
  });
  useLayoutEffect(() => {
    panZoomRef.current = panZoom;
  });

  // The latest handler behind a stable callback, so memoised seats do not re-render for it.
  const onSeatRef = useRef(props.onSeat);
  useLayoutEffect(() => {
    onSeatRef.current = props.onSeat;
  });
  const { zoomToPoint, getView, reveal, viewportRef, contentRef, zoomBy } = panZoom;
  const zoomT = seatMapMessages.useT();
  // Bring 推荐选座's pick into view, zoomed in to readable seats.
  useEffect(() => {
    const seats = (props.revealIds ?? []).flatMap((id) => {
      const seat = data.rows.flatMap((row) => row.seats).find((one) => one.id === id);
      return seat ? [seat] : [];
    });
    if (seats.length === 0) return;
    const box = boxOfSeats(seats);
    zoomToPoint(box.x + box.width / 2, box.y + box.height / 2, READABLE_SCALE);
    reveal(box);
  }, [props.revealIds, data.rows, zoomToPoint, reveal]);
  const tap = useCallback(
    (seat: Seat) => {
      const box = seatBox(seat);
      if (getView().scale < TAP_ZOOM * 0.8) {
        zoomToPoint(box.x + box.width / 2, box.y + box.height / 2, TAP_ZOOM);
      }
      onSeatRef.current(seat);
    },
    [getView, zoomToPoint],
  );
  // Keyboard and screen-reader users move focus seat by seat: keep the focused one in view.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const element = event.target as HTMLElement;
    if (!element.dataset.seat) return;
    reveal({
      x: Number(element.dataset.left),
      y: Number(element.dataset.top),
      width: CELL,
      height: CELL,
    });
  };

  // Arrow keys move between neighbouring seats (across aisles), so the hall is not 500 tab stops.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const element = event.target as HTMLElement;
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[
      event.key
    ];
    if (!step || !element.dataset.seat) return;
    event.preventDefault();
    const x = Number(element.dataset.x);
    const y = Number(element.dataset.y);
    const all = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-seat]')];
    const [dx, dy] = step as [number, number];
    const candidates = all.filter((seat) => {
      const sx = Number(seat.dataset.x);
      const sy = Number(seat.dataset.y);
      return dx !== 0 ? sy === y && Math.sign(sx - x) === dx : Math.sign(sy - y) === dy;
    });
    const distance = (seat: HTMLElement) =>
      Math.abs(Number(seat.dataset.x) - x) + Math.abs(Number(seat.dataset.y) - y) * 100;
    candidates.sort((a, b) => distance(a) - distance(b));
    candidates[0]?.focus();
  };

  const chosenByRow = useMemo(
    () => labelsByRow(data.rows, new Set(props.chosen), (seat) => seat.id),
    [data.rows, props.chosen],
  );
  const mineByRow = useMemo(
    () => labelsByRow(data.rows, props.mine ?? noSeats),
    [data.rows, props.mine],
  );

  const counts = useMemo(() => countSeats(data.rows), [data.rows]);
  const chosenLabels = seatNames(
    props.chosen
      .map((id) => data.rows.flatMap((row) => row.seats).find((seat) => seat.id === id)?.label)
      .filter((label) => label !== undefined),
    getLang(),
  );
  const centreX = PAD_LEFT + (data.columns * CELL) / 2;

  return (
    <section className="seat-map">
      <div className="seat-map__screen" aria-hidden>
        <span>{t('screen', { hall: props.hallName })}</span>
      </div>
      <div
        className="seat-map__viewport"
        ref={viewportRef}
        role="group"
        aria-label={t('mapLabel', { hall: props.hallName })}
        aria-describedby={summaryId}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
        data-testid="seat-map"
      >
        {/* Seats panned left pass under the row labels' gutter, not beside it. */}
        <div className="seat-map__clip" style={{ clipPath: `inset(0 0 0 ${ROW_LABEL_GUTTER}px)` }}>
          <div
            className="seat-map__content"
            ref={contentRef}
            style={{ width: size.width, height: size.height }}
          >
            <div className="seat-map__centre" style={{ left: centreX }} aria-hidden>
              <span>{t('screenCentre')}</span>
            </div>
            {data.rows.map((row) => (
              <SeatRowView
                key={row.y}
                row={row}
                chosenKey={chosenByRow.get(row.y) ?? ''}
                mineKey={mineByRow.get(row.y) ?? ''}
                areas={data.priceAreas}
                multiArea={data.priceAreas.length > 1}
                onTap={tap}
              />
            ))}
          </div>
        </div>
        <div className="seat-map__zoom" role="group" aria-label={zoomT('zoom')} data-no-pan>
          <button
            type="button"
            className="seat-map__zoom-button"
            aria-label={zoomT('zoomIn')}
            data-testid="zoom-in"
            onClick={() => zoomBy(ZOOM_STEP)}
          >
            +
          </button>
          <button
            type="button"
            className="seat-map__zoom-button"
            aria-label={zoomT('zoomOut')}
            data-testid="zoom-out"
            onClick={() => zoomBy(1 / ZOOM_STEP)}
          >
            −
          </button>
        </div>
        <Minimap
          ref={minimap}
          data={data}
          size={size}
          chosen={props.chosen}
          mine={props.mine}
          label={choice('minimap')}
        />
        <div className="seat-map__labels" ref={labels} aria-hidden>
          {data.rows.map((row) => (
            <span
              key={row.y}
              className="seat-map__row-label"
              style={{ ['--top' as string]: `${rowTop(row.y)}px` }}
            >
              {row.label}
            </span>
          ))}
        </div>
      </div>
      <p id={summaryId} className="visually-hidden" aria-live="polite">
        {t('mapSummary', {
          hall: props.hallName,
          rows: data.rows.length,
          total: counts.total,
          available: counts.available,
        })}{' '}
        {props.chosen.length > 0
          ? t('chosenSummary', { count: props.chosen.length, seats: chosenLabels })
          : t('noneChosenSummary')}
      </p>
    </section>
  );
}

const SeatRowView = memo(function SeatRowView(props: {
  row: SeatRow;
  /** The ids of this row's chosen seats, joined: a row re-renders only when it changes. */
  chosenKey: string;
  /** The labels of this row's seats held by the user's own order, joined. */
  mineKey: string;
  areas: readonly PriceArea[];
  multiArea: boolean;
  onTap: (seat: Seat) => void;
}) {
  const chosen = new Set(props.chosenKey ? props.chosenKey.split(',') : []);
  const mine = new Set(props.mineKey ? props.mineKey.split(',') : []);
  return (
    <>
      {props.row.seats.map((seat) => (
        <SeatButton
          key={seat.id}
          seat={seat}
          view={seatViewOf(seat, chosen.has(seat.id), mine.has(seat.label))}
          areas={props.areas}
          multiArea={props.multiArea}
          onTap={props.onTap}
        />
      ))}
    </>
  );
});

const SeatButton = memo(function SeatButton(props: {
  seat: Seat;
  view: SeatView;
  areas: readonly PriceArea[];
  multiArea: boolean;
  onTap: (seat: Seat) => void;
}) {
  const t = seatChoiceMessages.useT();
  const { seat, view } = props;
  const box = seatBox(seat);
  const label = seatWords(t, seat, view, props.areas);
  const area = props.areas.find((candidate) => candidate.id === seat.areaId);
  const isTappable = view === 'available' || view === 'chosen';
  return (
    <button
      type="button"
      className="seat"
      data-seat={seat.label}
      data-state={view}
      data-taken={view === 'taken' ? seat.state : undefined}
      data-kind={seat.kind}
      data-x={seat.x}
      data-y={seat.y}
      data-left={box.x}
      data-top={box.y}
      aria-label={label}
      aria-pressed={isTappable ? view === 'chosen' : undefined}
      aria-disabled={isTappable ? undefined : true}
      style={{
        left: box.x,
        top: box.y,
        width: box.width,
        height: box.height,
        ['--area' as string]: props.multiArea && area ? area.color : undefined,
      }}
      onClick={() => props.onTap(seat)}
    >
      {seat.kind === 'wheelchair' && view !== 'chosen' && view !== 'mine' ? (
        <span aria-hidden>♿</span>
      ) : view === 'chosen' || view === 'mine' ? (
        <span aria-hidden className="seat__chosen">
          {seat.col}
        </span>
      ) : null}
    </button>
  );
});

import { memo, useEffect, useRef, useState } from 'react';
import { yuanToFen, type PriceArea } from '@marquee/contracts';
import { yuan } from '@/lib/money';
import { boxOfficeMessages } from '../box-office-messages';
import type { TillSeat, TillSeatMap } from '../till-seats-model';

/** Seat sizes the till draws between: a thumb's reach at most, still readable at the least. */
const MAX_CELL = 44;
const MIN_CELL = 22;
const ROW_LABEL = 26;

const looks = {
  available: { background: '#fff', color: '#434343' },
  held: { background: '#fadb14', color: '#614700' },
  sold: { background: '#8c8c8c', color: '#fff' },
  mine: { background: '#1677ff', color: '#fff' },
} as const;

/** How a seat looks: this sale's seats first, then the state moviegoers see. */
function lookOf(seat: TillSeat, isMine: boolean) {
  if (isMine) return looks.mine;
  if (seat.state === 'held') return looks.held;
  if (seat.state === 'sold') return looks.sold;
  return looks.available;
}

/**
 * The hall as the till sees it, screen on top, sized to the space it has (seats up to a thumb
 * wide). A free seat or one of this sale toggles when tapped; others do not react.
 */
export function TillSeatMapView(props: {
  map: TillSeatMap;
  priceAreas: readonly PriceArea[];
  mine: ReadonlySet<string>;
  onToggle: (seat: TillSeat) => void;
}) {
  const t = boxOfficeMessages.useMessages();
  const box = useRef<HTMLDivElement>(null);
  const [cell, setCell] = useState(32);
  const { map } = props;
  const rowCount = map.rows.length;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const fit = () => {
      const width = (element.clientWidth - ROW_LABEL * 2) / Math.max(map.columns, 1);
      // The screen line takes about one row's height.
      const height = (element.clientHeight - 36) / Math.max(rowCount, 1);
      setCell(Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(Math.min(width, height)))));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [map.columns, rowCount]);

  return (
    <div
      ref={box}
      style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: '4px 0' }}
      data-testid="till-seat-map"
    >
      <div style={{ width: 'max-content', margin: '0 auto' }}>
        <div
          style={{
            margin: '0 auto 10px',
            width: Math.min(map.columns * cell, 560),
            textAlign: 'center',
            borderTop: '5px solid #bfbfbf',
            borderRadius: '50% 50% 0 0 / 10px 10px 0 0',
            color: '#8c8c8c',
            fontSize: 13,
          }}
        >
          {t('screen')}
        </div>
        {map.rows.map((row) => (
          <div key={row.y} style={{ display: 'flex', alignItems: 'center' }}>
            <span style={{ width: ROW_LABEL, color: '#8c8c8c', fontSize: 13, textAlign: 'center' }}>
              {row.label}
            </span>
            <div style={{ position: 'relative', width: map.columns * cell, height: cell }}>
              {row.seats.map((seat) => (
                <SeatButton
                  key={seat.id}
                  seat={seat}
                  cell={cell}
                  color={props.priceAreas[seat.areaIndex]?.color ?? '#d9d9d9'}
                  isMine={props.mine.has(seat.label)}
                  onToggle={props.onToggle}
                />
              ))}
            </div>
            <span style={{ width: ROW_LABEL, color: '#8c8c8c', fontSize: 13, textAlign: 'center' }}>
              {row.label}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

const SeatButton = memo(function SeatButton(props: {
  seat: TillSeat;
  cell: number;
  color: string;
  isMine: boolean;
  onToggle: (seat: TillSeat) => void;
}) {
  const { seat, cell, isMine } = props;
  if (seat.kind === 'unavailable') return null;
  const look = lookOf(seat, isMine);
  const isTappable = isMine || seat.state === 'available';
  const couple =
    seat.kind === 'couple-left'
      ? { borderRadius: '8px 2px 2px 8px', marginRight: -1 }
      : seat.kind === 'couple-right'
        ? { borderRadius: '2px 8px 8px 2px' }
        : { borderRadius: 5 };
  return (
    <button
      type="button"
      data-testid="till-seat"
      data-label={seat.label}
      data-state={isMine ? 'mine' : seat.state}
      aria-label={seat.label}
      aria-pressed={isMine}
      disabled={!isTappable}
      onClick={() => props.onToggle(seat)}
      style={{
        position: 'absolute',
        left: seat.x * cell + 2,
        top: 2,
        width: cell - 4,
        height: cell - 4,
        padding: 0,
        fontSize: Math.max(10, Math.round(cell / 3)),
        fontWeight: isMine ? 700 : 400,
        border: `2px solid ${props.color}`,
        cursor: isTappable ? 'pointer' : 'not-allowed',
        touchAction: 'manipulation',
        ...couple,
        ...look,
      }}
    >
      {seat.kind === 'wheelchair' ? '♿' : seat.col}
    </button>
  );
});

/** The seat colours and the price areas, explained in one line. */
export function TillSeatLegend(props: { priceAreas: readonly PriceArea[]; isLive: boolean }) {
  const t = boxOfficeMessages.useMessages();
  const swatch = (key: string, background: string, label: string, border = '#bfbfbf') => (
    <span key={key} style={{ display: 'inline-flex', alignItems: 'center', marginRight: 14 }}>
      <span
        style={{
          width: 16,
          height: 16,
          background,
          border: `2px solid ${border}`,
          borderRadius: 4,
          marginRight: 5,
        }}
      />
      {label}
    </span>
  );
  return (
    <div style={{ fontSize: 13, color: '#595959', display: 'flex', flexWrap: 'wrap', rowGap: 4 }}>
      {swatch('free', looks.available.background, t('legendFree'))}
      {swatch('mine', looks.mine.background, t('legendMine'))}
      {swatch('held', looks.held.background, t('legendHeld'))}
      {swatch('sold', looks.sold.background, t('legendSold'))}
      {props.priceAreas.map((area) =>
        swatch(area.id, '#fff', `${area.name} ${yuan(yuanToFen(area.discountPrice))}`, area.color),
      )}
      <span style={{ marginLeft: 'auto', color: props.isLive ? '#389e0d' : '#d48806' }}>
        {props.isLive ? `● ${t('live')}` : `○ ${t('notLive')}`}
      </span>
    </div>
  );
}

import { memo } from 'react';
import {
  formatYuan,
  seatName,
  yuanToFen,
  type PriceArea,
  type Seat,
  type SeatRow,
} from '@marquee/contracts';
import { getLang } from '@/lib/i18n/i18n';
import { seatChoiceMessages } from '../seat-choice-messages';
import { seatPrice, seatViewOf } from './seat-map-model';
import { seatKindText, seatStateText, seatWords } from './seat-words';
import './seat-list.css';

/**
 * The seat map as a list, for screen readers and large text: one heading per row, one button per
 * seat saying its label, kind, price and state in words. Taps go to the same handler as the map's.
 */
export function SeatList(props: {
  hallName: string;
  rows: readonly SeatRow[];
  areas: readonly PriceArea[];
  chosen: readonly string[];
  /** Labels of the seats the user's own unpaid order holds. */
  mine?: ReadonlySet<string>;
  onSeat: (seat: Seat) => void;
}) {
  const t = seatChoiceMessages.useT();
  const chosen = new Set(props.chosen);
  return (
    <section className="seat-list" aria-label={props.hallName} data-testid="seat-list">
      {props.rows.map((row) => (
        <SeatListRow
          key={row.y}
          row={row}
          areas={props.areas}
          chosenKey={row.seats
            .filter((seat) => chosen.has(seat.id))
            .map((seat) => seat.id)
            .join(',')}
          mineKey={row.seats
            .filter((seat) => props.mine?.has(seat.label))
            .map((seat) => seat.label)
            .join(',')}
          onSeat={props.onSeat}
          free={t('rowFree', {
            count: row.seats.filter((seat) => seatViewOf(seat, false) === 'available').length,
          })}
        />
      ))}
    </section>
  );
}

const SeatListRow = memo(function SeatListRow(props: {
  row: SeatRow;
  areas: readonly PriceArea[];
  chosenKey: string;
  mineKey: string;
  free: string;
  onSeat: (seat: Seat) => void;
}) {
  const t = seatChoiceMessages.useT();
  const chosen = new Set(props.chosenKey ? props.chosenKey.split(',') : []);
  const mine = new Set(props.mineKey ? props.mineKey.split(',') : []);
  return (
    <div className="seat-list__row">
      <h3 className="seat-list__heading">
        {t('rowHeading', { row: props.row.label })}
        <small>{props.free}</small>
      </h3>
      <div className="seat-list__seats">
        {props.row.seats.map((seat) => {
          const view = seatViewOf(seat, chosen.has(seat.id), mine.has(seat.label));
          const isTappable = view === 'available' || view === 'chosen';
          return (
            <button
              key={seat.id}
              type="button"
              className="seat-list__seat"
              data-list-seat={seat.label}
              data-state={view}
              data-taken={view === 'taken' ? seat.state : undefined}
              aria-label={seatWords(t, seat, view, props.areas)}
              aria-pressed={isTappable ? view === 'chosen' : undefined}
              aria-disabled={isTappable ? undefined : true}
              onClick={() => props.onSeat(seat)}
            >
              <strong>
                {seatName(seat.label, getLang())} ¥
                {formatYuan(yuanToFen(seatPrice(props.areas, seat).discountPrice))}
              </strong>
              <span>{seatKindText(t, seat)}</span>
              <span className="seat-list__state">{seatStateText(t, seat, view)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
});

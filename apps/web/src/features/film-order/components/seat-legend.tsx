import { formatYuan, yuanToFen } from '@marquee/contracts';
import type { PriceArea, SeatRow } from '@marquee/contracts';
import { filmOrderMessages } from '../film-order-messages';
import { seatChoiceMessages } from '../seat-choice-messages';

/** What each seat look means (only the kinds this hall has), and each area's price. */
export function SeatLegend(props: {
  priceAreas: readonly PriceArea[];
  rows: readonly SeatRow[];
  /** The user's own unpaid order holds seats here: its key is shown. */
  hasMine?: boolean;
}) {
  const t = filmOrderMessages.useT();
  const choice = seatChoiceMessages.useT();
  const has = (kind: string) =>
    props.rows.some((row) => row.seats.some((seat) => seat.kind === kind));
  const items = [
    { state: 'available', kind: 'normal', text: t('legendAvailable') },
    { state: 'chosen', kind: 'normal', text: t('legendChosen') },
    { state: 'mine', kind: 'normal', text: choice('legendMine'), isShown: props.hasMine === true },
    { state: 'taken', taken: 'held', kind: 'normal', text: choice('legendHeld') },
    { state: 'taken', taken: 'sold', kind: 'normal', text: t('legendTaken') },
    { state: 'available', kind: 'couple', text: t('legendCouple'), isShown: has('couple-left') },
    {
      state: 'available',
      kind: 'wheelchair',
      text: t('legendWheelchair'),
      isShown: has('wheelchair'),
    },
    {
      state: 'unavailable',
      kind: 'normal',
      text: t('legendUnavailable'),
      isShown: has('unavailable'),
    },
  ].filter((item) => item.isShown !== false);
  return (
    <div className="seat-legend">
      <ul className="seat-legend__list">
        {items.map((item) => (
          <li key={item.text} className="seat-legend__item">
            {item.kind === 'couple' ? (
              <span className="seat-legend__couple" aria-hidden>
                <span
                  className="seat seat--sample"
                  data-kind="couple-left"
                  data-state="available"
                />
                <span
                  className="seat seat--sample"
                  data-kind="couple-right"
                  data-state="available"
                />
              </span>
            ) : (
              <span
                className="seat seat--sample"
                data-kind={item.kind}
                data-state={item.state}
                data-taken={item.taken}
                aria-hidden
              >
                {item.kind === 'wheelchair' ? '♿' : ''}
              </span>
            )}
            {item.text}
          </li>
        ))}
      </ul>
      {props.priceAreas.length > 1 && (
        <ul className="seat-legend__list">
          {props.priceAreas.map((area) => (
            <li key={area.id} className="seat-legend__item">
              <span
                className="seat seat--sample"
                data-kind="normal"
                data-state="available"
                style={{ ['--area' as string]: area.color }}
                aria-hidden
              />
              {area.name} ¥{formatYuan(yuanToFen(area.discountPrice))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

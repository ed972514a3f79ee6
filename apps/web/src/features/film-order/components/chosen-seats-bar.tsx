import { CloseOutline } from 'antd-mobile-icons';
import { formatYuan, seatName, yuanToFen, type FilmOrderSeat } from '@marquee/contracts';
import { getLang } from '@/lib/i18n/i18n';
import { filmOrderMessages } from '../film-order-messages';

/** The bottom of the seat map: the chosen seats with their prices, the total and "confirm". */
export function ChosenSeatsBar(props: {
  seats: readonly FilmOrderSeat[];
  total: number | undefined;
  maxSeats: number;
  hint: string | null;
  /** Instead of the per-order maximum while nothing is chosen (an exchange's seat count). */
  emptyText?: string;
  /** A line about the chosen seats (an exchange's price difference). */
  note?: string | null;
  /** Why the hint's seats were picked (推荐选座). */
  hintWhy?: string | null;
  isBusy: boolean;
  onRemove: (seatId: string) => void;
  onConfirm: () => void;
}) {
  const t = filmOrderMessages.useT();
  return (
    <div className="chosen-bar">
      {props.hint && (
        <p className="chosen-bar__hint" role="status">
          {props.hint}
        </p>
      )}
      {props.note && props.seats.length > 0 && (
        <p className="chosen-bar__why" data-testid="chosen-note">
          {props.note}
        </p>
      )}
      {props.hint && props.hintWhy && (
        <p className="chosen-bar__why" data-testid="best-seats-why">
          {props.hintWhy}
        </p>
      )}
      {props.seats.length === 0 ? (
        <p className="chosen-bar__empty">
          {props.emptyText ?? t('maxSeatsHint', { max: props.maxSeats })}
        </p>
      ) : (
        <ul className="chosen-bar__seats" aria-label={t('legendChosen')}>
          {props.seats.map((seat) => (
            <li key={seat.id} className="chosen-bar__seat">
              <span className="chosen-bar__seat-text">
                <strong>{seatName(seat.label, getLang())}</strong>
                <small>¥{formatYuan(yuanToFen(seat.discountPrice))}</small>
              </span>
              <button
                type="button"
                className="chosen-bar__remove"
                aria-label={t('removeSeat', { seat: seatName(seat.label, getLang()) })}
                onClick={() => props.onRemove(seat.id)}
              >
                <CloseOutline aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--primary button--block chosen-bar__confirm"
        disabled={props.seats.length === 0 || props.isBusy}
        onClick={props.onConfirm}
      >
        {props.isBusy ? (
          t('holding')
        ) : props.total === undefined ? (
          t('pickSeats')
        ) : (
          <>
            <span data-testid="seat-total">¥{formatYuan(yuanToFen(props.total))}</span>{' '}
            {t('confirmSeats')}
          </>
        )}
      </button>
    </div>
  );
}

import Popup from 'antd-mobile/es/components/popup';
import { companionSeatOf, seatName, type Seat, type SeatRow } from '@marquee/contracts';
import { getLang } from '@/lib/i18n/i18n';
import { wheelchairMessages } from '../wheelchair-messages';
import { seatViewOf } from './seat-map-model';

/** What tapping a free wheelchair space offers: its companion seat, else one nearby that has one. */
export function wheelchairOffer(rows: readonly SeatRow[], chosen: readonly string[], seat: Seat) {
  const row = rows.find((candidate) => candidate.y === seat.y);
  const isFree = (candidate: Seat | undefined) =>
    candidate !== undefined &&
    !chosen.includes(candidate.id) &&
    seatViewOf(candidate, false) === 'available';
  const own = row ? companionSeatOf(row, seat) : undefined;
  const companion = isFree(own) ? own : undefined;
  if (companion || !row) return { companion, other: undefined };
  const other = row.seats
    .filter((candidate) => candidate.kind === 'wheelchair' && candidate.id !== seat.id)
    .filter(isFree)
    .map((space) => ({ space, companion: companionSeatOf(row, space) }))
    .filter((pair): pair is { space: Seat; companion: Seat } => isFree(pair.companion))
    .sort((a, b) => Math.abs(a.space.x - seat.x) - Math.abs(b.space.x - seat.x))[0];
  return { companion: undefined, other };
}

/**
 * Tapping a free wheelchair space explains it before it is chosen, and offers its companion seat
 * (the ordinary seat beside it) where the layout has one; where it has none, says so and names
 * the nearest space in the row that has one.
 */
export function WheelchairSheet(props: {
  rows: readonly SeatRow[];
  chosen: readonly string[];
  seat: Seat | null;
  onChoose: (seat: Seat, companion: Seat | undefined) => void;
  onClose: () => void;
}) {
  const t = wheelchairMessages.useT();
  const lang = getLang();
  const { seat } = props;
  const offer = seat ? wheelchairOffer(props.rows, props.chosen, seat) : null;
  const name = (target: Seat) => seatName(target.label, lang);
  return (
    <Popup
      visible={seat !== null}
      onMaskClick={props.onClose}
      bodyClassName="wheelchair-sheet"
      destroyOnClose
    >
      {seat && offer && (
        <div role="dialog" aria-labelledby="wheelchair-sheet-title" data-testid="wheelchair-sheet">
          <h2 id="wheelchair-sheet-title" className="wheelchair-sheet__title">
            {t('title')}
          </h2>
          <p>{t('explain', { seat: name(seat) })}</p>
          {offer.companion ? (
            <p>{t('companion', { seat: name(offer.companion) })}</p>
          ) : (
            <p>
              {t('noCompanion')}
              {offer.other &&
                ` ${t('otherCompanion', {
                  seat: name(offer.other.space),
                  companion: name(offer.other.companion),
                })}`}
            </p>
          )}
          <div className="wheelchair-sheet__actions">
            {offer.companion ? (
              <>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => props.onChoose(seat, offer.companion)}
                >
                  {t('chooseBoth', { seat: name(offer.companion) })}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => props.onChoose(seat, undefined)}
                >
                  {t('chooseAlone')}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="button button--primary"
                onClick={() => props.onChoose(seat, undefined)}
              >
                {t('choose')}
              </button>
            )}
            <button type="button" className="button" onClick={props.onClose}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </Popup>
  );
}

import { formatYuan, seatName, yuanToFen, type PriceArea, type Seat } from '@marquee/contracts';
import { getLang } from '@/lib/i18n/i18n';
import { type seatChoiceMessages } from '../seat-choice-messages';
import { seatPrice, type SeatView } from './seat-map-model';

type Translate = (typeof seatChoiceMessages)['translate'];

/** A seat's state in words: held and sold apart, as the map shows them apart. */
export function seatStateText(t: Translate, seat: Seat, view: SeatView): string {
  if (view === 'taken') return seat.state === 'held' ? t('stateHeld') : t('stateSold');
  return {
    available: t('stateAvailable'),
    chosen: t('stateChosen'),
    mine: t('stateMine'),
    unavailable: t('stateUnavailable'),
  }[view];
}

export function seatKindText(t: Translate, seat: Seat): string {
  if (seat.kind === 'couple-left' || seat.kind === 'couple-right') return t('kindCouple');
  if (seat.kind === 'wheelchair') return t('kindWheelchair');
  if (seat.kind === 'unavailable') return t('kindUnavailable');
  return t('kindNormal');
}

/** "C排7座，普通座，¥35，可选": what a screen reader says for a seat, on the map and in the list. */
export function seatWords(
  t: Translate,
  seat: Seat,
  view: SeatView,
  areas: readonly PriceArea[],
): string {
  return t('seatWords', {
    seat: seatName(seat.label, getLang()),
    kind: seatKindText(t, seat),
    price: formatYuan(yuanToFen(seatPrice(areas, seat).discountPrice)),
    state: seatStateText(t, seat, view),
  });
}

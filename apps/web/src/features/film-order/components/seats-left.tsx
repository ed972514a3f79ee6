import { showHeatOf } from '@marquee/contracts';
import { filmOrderMessages } from '../film-order-messages';

/** "剩余 123 座" beside the film, stressed when few are left (the show lists' 紧张). */
export function SeatsLeft(props: { available: number; total: number }) {
  const t = filmOrderMessages.useT();
  const heat = showHeatOf(props.available, props.total);
  return (
    <span className="seat-picker__left" data-heat={heat} data-testid="seats-left">
      {heat === 'soldOut'
        ? t('seatsLeftNone')
        : props.available === 1
          ? t('seatsLeftOne')
          : t('seatsLeft', { count: props.available })}
    </span>
  );
}

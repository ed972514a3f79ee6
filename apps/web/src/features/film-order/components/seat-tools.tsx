import { seatChoiceMessages } from '../seat-choice-messages';

export type SeatViewMode = 'map' | 'list';

/**
 * Above the seats: 推荐选座 for 1–4 people (up to the site's maximum per order) and the switch
 * between the map and the list of seats.
 */
export function SeatTools(props: {
  maxSeats: number;
  mode: SeatViewMode;
  onBest: (count: number) => void;
  onMode: (mode: SeatViewMode) => void;
}) {
  const t = seatChoiceMessages.useT();
  const counts = Array.from({ length: Math.min(4, props.maxSeats) }, (_, index) => index + 1);
  return (
    <div className="seat-tools">
      <div className="seat-tools__best" role="group" aria-label={t('bestSeatsTitle')}>
        <span className="seat-tools__title" aria-hidden>
          {t('bestSeatsTitle')}
        </span>
        {counts.map((count) => (
          <button
            key={count}
            type="button"
            className="seat-tools__count"
            aria-label={t('bestSeatsForLabel', { count })}
            data-best={count}
            onClick={() => props.onBest(count)}
          >
            {t('bestSeatsFor', { count })}
          </button>
        ))}
      </div>
      <div className="seat-tools__modes" role="group" aria-label={t('viewSwitch')}>
        {(['map', 'list'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            className="seat-tools__mode"
            aria-pressed={props.mode === mode}
            data-mode={mode}
            onClick={() => props.onMode(mode)}
          >
            {mode === 'map' ? t('viewMap') : t('viewList')}
          </button>
        ))}
      </div>
    </div>
  );
}

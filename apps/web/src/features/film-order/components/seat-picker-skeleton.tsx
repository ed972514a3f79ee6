import { CenteredSpinner } from '@/components/ui/centered-spinner';
import { filmOrderMessages } from '../film-order-messages';
import { SeatLegend } from './seat-legend';
import { SeatTools } from './seat-tools';

const ignore = () => undefined;

/** The map's place (the rest of the screen) with the spinner, until its seats are drawn. */
export function SeatMapPlaceholder() {
  return (
    <section className="seat-map seat-map--placeholder">
      <CenteredSpinner />
    </section>
  );
}

/**
 * The seat page while its map loads: the show's header, the tools, the legend and the bottom bar
 * at the heights they will have, the map's place (the rest of the screen) with the spinner, so
 * nothing moves when the map arrives. The tools are inert until then.
 */
export function SeatPickerSkeleton() {
  const t = filmOrderMessages.useT();
  return (
    <div className="seat-picker seat-picker--loading">
      <header className="seat-picker__show" aria-hidden>
        {/* Words hidden in grey bars: the lines get the height the show's words will give them. */}
        <div className="seat-picker__title-line">
          <h2 className="seat-picker__film">
            <span className="seat-picker__placeholder">{t('pickSeats')}</span>
          </h2>
        </div>
        <p className="seat-picker__meta">
          <span className="seat-picker__placeholder seat-picker__placeholder--long">
            {t('pickSeats')}
          </span>
        </p>
      </header>
      <div className="seat-picker__inert" inert>
        <SeatTools maxSeats={4} mode="map" onBest={ignore} onMode={ignore} />
      </div>
      <SeatMapPlaceholder />
      <div className="seat-picker__inert" aria-hidden>
        <SeatLegend priceAreas={[]} rows={[]} />
      </div>
      <div className="chosen-bar" aria-hidden>
        <p className="chosen-bar__empty seat-picker__hidden-words">{t('pickSeats')}</p>
        <button
          type="button"
          className="button button--primary button--block chosen-bar__confirm"
          disabled
        >
          {t('pickSeats')}
        </button>
      </div>
    </div>
  );
}

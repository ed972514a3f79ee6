import { seatsOfLayout, type HallLayout } from '@marquee/contracts/console';
import { cinemasMessages } from '../cinemas-messages';
import './layout-editor.css';
import { localNameOf } from '@/lib/local-name';

const WIDTH = 340;
const GUTTER = 22;

/**
 * The hall as moviegoers will see it on their phone (the web app's seat map, drawn the same
 * way): the screen on top, seats outlined in their price area's colour, couple pairs joined,
 * wheelchair spaces marked, broken seats dashed, row labels on the left, and the legend.
 */
export function LayoutPreview(props: { layout: HallLayout }) {
  const t = cinemasMessages.useMessages();
  const { layout } = props;
  const cell = Math.max(
    6,
    Math.min(22, Math.floor((WIDTH - GUTTER) / Math.max(layout.columns, 1))),
  );
  const seat = Math.max(4, Math.round(cell * 0.8));
  const gap = cell - seat;
  const seats = seatsOfLayout(layout);
  const colourOf = new Map(layout.areas.map((area) => [area.code, area.color]));
  const forSale = seats.filter((s) => s.kind !== 'unavailable').length;
  // Couple seats are outlined pink whatever their area; named once in the legend.
  const hasCouples = seats.some((s) => s.kind === 'couple-left');

  return (
    <div className="layout-preview" data-testid="layout-preview">
      <div className="layout-preview__screen">
        <span>{t('screen')}</span>
      </div>
      <div
        className="layout-preview__hall"
        style={{ width: GUTTER + layout.columns * cell, height: layout.rows.length * cell }}
      >
        {layout.rows.map((row, y) => (
          <span
            key={`label-${y}`}
            className="layout-preview__row-label"
            style={{ top: y * cell, height: cell, lineHeight: `${cell}px`, width: GUTTER - 4 }}
          >
            {row.label}
          </span>
        ))}
        {seats.map((s) => {
          let left = GUTTER + s.x * cell + gap / 2;
          let width = seat;
          if (s.kind === 'couple-left') width += gap / 2;
          if (s.kind === 'couple-right') {
            left -= gap / 2;
            width += gap / 2;
          }
          return (
            <span
              key={`${s.x}-${s.y}`}
              className="preview-seat"
              data-kind={s.kind}
              title={s.label}
              data-label={s.label}
              style={
                {
                  left,
                  top: s.y * cell + gap / 2,
                  width,
                  height: seat,
                  fontSize: Math.max(6, seat - 6),
                  '--area': s.area ? colourOf.get(s.area) : undefined,
                } as object
              }
            >
              {s.kind === 'wheelchair' && seat >= 10 ? '♿' : ''}
            </span>
          );
        })}
      </div>
      <div className="layout-preview__legend">
        {layout.areas.map((area) => (
          <span key={area.code} className="layout-preview__legend-item">
            <i
              className="preview-seat preview-seat--legend"
              style={{ '--area': area.color } as object}
            />
            {localNameOf(area)}
          </span>
        ))}
        {hasCouples && !layout.areas.some((area) => area.name === t('legendCouple')) && (
          <span className="layout-preview__legend-item">
            <i className="preview-seat preview-seat--legend" data-kind="couple-left" />
            {t('legendCouple')}
          </span>
        )}
        <span className="layout-preview__legend-item">
          <i className="preview-seat preview-seat--legend" data-kind="wheelchair" />
          {t('legendWheelchair')}
        </span>
        <span className="layout-preview__legend-item">
          <i className="preview-seat preview-seat--legend" data-kind="unavailable" />
          {t('legendBroken')}
        </span>
      </div>
      <div className="layout-preview__summary" data-testid="preview-summary">
        {t('seatsSummary', { seats: forSale })}
      </div>
    </div>
  );
}

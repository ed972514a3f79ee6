import type { CallAnswer, NameLang, showSeatsCall } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/errors.js';
import { cinemaInfoOf, findShowWithLayout, showInfoOf } from '../cinema/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import { priceAreaOf, readTakenSeatsShared, seatStatesOf } from './seat-availability.service.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The seat map of a show: layout and each seat's state now (an expired hold reads as free). */
export async function getShowSeats(
  deps: Deps,
  site: SiteRow,
  showId: string,
  lang: NameLang,
): Promise<CallAnswer<typeof showSeatsCall>> {
  const now = deps.clock.now();
  const layout = await findShowWithLayout(deps.db, site.id, showId);
  if (!layout) throw notFound('Show', '场次');
  const taken = await readTakenSeatsShared(deps.db, layout.show.id, now);
  const stateOf = seatStatesOf(layout, taken);
  const settings = siteSettings(site);
  const rows = new Map<number, { label: string; y: number; seats: FilmOrderSeatOut[] }>();
  for (const seat of layout.seats) {
    const row = rows.get(seat.y) ?? { label: seat.row_label, y: seat.y, seats: [] };
    row.seats.push({
      id: seat.id,
      row: seat.row_label,
      col: seat.col,
      x: seat.x,
      y: seat.y,
      kind: seat.kind,
      areaId: seat.area_id,
      label: seat.label,
      state: stateOf(seat),
    });
    rows.set(seat.y, row);
  }
  return {
    showInfo: showInfoOf(layout.show, lang),
    cinemaInfo: cinemaInfoOf(layout.show, lang),
    priceAreas: layout.areas.map((area) => priceAreaOf(area, lang)),
    columns: layout.show.columns,
    rowCount: layout.show.row_count,
    rows: [...rows.values()],
    maxSeatsPerOrder: settings.maxSeatsPerOrder,
    holdMinutes: settings.holdMinutes,
    serverTime: now.toISOString(),
  };
}
type FilmOrderSeatOut = CallAnswer<typeof showSeatsCall>['rows'][number]['seats'][number];

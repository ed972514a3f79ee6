import { showSeatsCall, type CallAnswer, type NameLang } from '@marquee/contracts';
import { notFound } from '../../lib/errors.js';
import {
  cinemaInfoOf,
  findShowWithLayout,
  showInfoOf,
  type ShowWithLayout,
} from '../cinema/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import type { TakenSeats } from './seat-holds.repository.js';
import {
  availabilityRowsOf,
  keptAnswer,
  priceAreaOf,
  rowsOf,
  seatStatesOf,
  type ReadDeps,
} from './seat-availability.service.js';
import { prepareTimedAnswer, type TimedAnswer } from './timed-answer.js';

type ShowSeats = CallAnswer<typeof showSeatsCall>;

/**
 * The seat map of a show: layout and each seat's state now (an expired hold reads as free), as
 * fresh as the availability (taken-seats-memory.ts). Built, validated and gzipped once per cached
 * show, layout content, language and set of seat states (decision 036), so a crowd on one show shares the bytes.
 */
export async function getShowSeats(
  deps: ReadDeps,
  site: SiteRow,
  showId: string,
  lang: NameLang,
): Promise<{ answer: TimedAnswer; serverTime: Date }> {
  const now = deps.clock.now();
  const layout = await findShowWithLayout(deps.db, site.id, showId);
  if (!layout) throw notFound('Show', '场次');
  const taken = await deps.takenSeats.current(layout.show.id, now);
  const answer = keptAnswer(
    deps.kept.seatMaps,
    { layout, taken, site, lang },
    () => availabilityRowsOf(layout, taken).join(','),
    () => prepareTimedAnswer(showSeatsCall.answer.parse(seatMapOf(layout, taken, site, lang, now))),
  );
  return { answer, serverTime: now };
}

function seatMapOf(
  layout: ShowWithLayout,
  taken: TakenSeats,
  site: SiteRow,
  lang: NameLang,
  now: Date,
): ShowSeats {
  const stateOf = seatStatesOf(layout, taken);
  const settings = siteSettings(site);
  return {
    showInfo: showInfoOf(layout.show, lang),
    cinemaInfo: cinemaInfoOf(layout.show, lang),
    priceAreas: layout.areas.map((area) => priceAreaOf(area, lang)),
    columns: layout.show.columns,
    rowCount: layout.show.row_count,
    rows: rowsOf(layout.seats).map((seats) => ({
      label: seats[0]!.row_label,
      y: seats[0]!.y,
      seats: seats.map((seat) => ({
        id: seat.id,
        row: seat.row_label,
        col: seat.col,
        x: seat.x,
        y: seat.y,
        kind: seat.kind,
        areaId: seat.area_id,
        label: seat.label,
        state: stateOf(seat),
      })),
    })),
    maxSeatsPerOrder: settings.maxSeatsPerOrder,
    holdMinutes: settings.holdMinutes,
    serverTime: now.toISOString(),
  };
}

import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  encodeAvailabilityRows,
  fenToYuan,
  localName,
  seatKindCode,
  showLayoutCall,
  type NameLang,
  type PriceArea,
  type LayoutSeat,
  type SeatState,
  type ShowAvailability,
  type ShowLayout,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import {
  cinemaInfoOf,
  findShowWithLayout,
  showInfoOf,
  type ShowWithLayout,
} from '../cinema/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import * as filmOrderRepository from './film-order.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * The seat map's two halves (decision 002): the layout, built once per cached show layout and
 * kept as its JSON and gzip bytes with an ETag; and the availability, read in one query that
 * concurrent readers of one show share.
 */

const inFlight = new Map<string, Promise<filmOrderRepository.TakenSeats>>();

/**
 * The show's taken seats now. Callers arriving while a read of the same show is running get that
 * read's answer (at most one query in flight per show), so a crowd on one seat map costs one
 * query per round trip, not one per phone. Outside transactions only.
 */
export function readTakenSeatsShared(
  db: Executor,
  showId: string,
  now: Date,
): Promise<filmOrderRepository.TakenSeats> {
  const running = inFlight.get(showId);
  if (running) return running;
  const read = filmOrderRepository.readTakenSeats(db, showId, now).finally(() => {
    inFlight.delete(showId);
  });
  inFlight.set(showId, read);
  return read;
}

/** The state of each layout seat, by id. */
export function seatStatesOf(layout: ShowWithLayout, taken: filmOrderRepository.TakenSeats) {
  const states = new Map<string, SeatState>();
  for (const seatId of taken.sold) states.set(seatId, 'sold');
  for (const [seatId] of taken.held) states.set(seatId, 'held');
  // A seat broken for this show is out of sale whoever had it (staff move its buyer).
  for (const seatId of taken.blocked) states.set(seatId, 'unavailable');
  return (seat: ShowWithLayout['seats'][number]): SeatState =>
    seat.kind === 'unavailable' ? 'unavailable' : (states.get(seat.id) ?? 'available');
}

type HallSeat = ShowWithLayout['seats'][number];
const rowsCache = new WeakMap<ShowWithLayout['seats'], HallSeat[][]>();

/** The layout's rows: seats grouped by y, in x order (the cached hall seats are sorted so). */
export function rowsOf(seats: ShowWithLayout['seats']): HallSeat[][] {
  const known = rowsCache.get(seats);
  if (known) return known;
  const rows = new Map<number, HallSeat[]>();
  for (const seat of seats) {
    const row = rows.get(seat.y) ?? [];
    row.push(seat);
    rows.set(seat.y, row);
  }
  const built = [...rows.values()];
  rowsCache.set(seats, built);
  return built;
}

export async function getShowAvailability(
  deps: Deps,
  site: SiteRow,
  showId: string,
  lang: NameLang,
): Promise<ShowAvailability> {
  const now = deps.clock.now();
  const layout = await findShowWithLayout(deps.db, site.id, showId);
  if (!layout) throw notFound('Show', '场次');
  const [taken, cached] = await Promise.all([
    readTakenSeatsShared(deps.db, layout.show.id, now),
    Promise.resolve(cachedLayout(layout, site, lang)),
  ]);
  const stateOf = seatStatesOf(layout, taken);
  return {
    showId: layout.show.id,
    version: taken.version,
    layoutVersion: cached.etag,
    rows: encodeAvailabilityRows(rowsOf(layout.seats).map((row) => row.map(stateOf))),
    serverTime: now.toISOString(),
  };
}

/** A layout answer ready to send: the envelope as JSON and gzipped, and its ETag. */
export interface CachedLayout {
  etag: string;
  json: string;
  gzip: Buffer;
}

const layoutAnswers = new WeakMap<ShowWithLayout, Partial<Record<NameLang, CachedLayout>>>();

/**
 * The layout answer of a show in the page's language (names of the hall, the cinema and the price
 * areas, decision 027), built once per cached show layout and language (see findShowWithLayout).
 */
export async function getShowLayout(
  deps: Deps,
  site: SiteRow,
  showId: string,
  lang: NameLang,
): Promise<CachedLayout> {
  const layout = await findShowWithLayout(deps.db, site.id, showId);
  if (!layout) throw notFound('Show', '场次');
  return cachedLayout(layout, site, lang);
}

/** A price area of a show as seat maps list it. */
export function priceAreaOf(area: ShowWithLayout['areas'][number], lang: NameLang): PriceArea {
  return {
    id: area.id,
    name: localName(area.name, area.name_en, lang),
    color: area.color,
    price: fenToYuan(area.price_fen),
    discountPrice: fenToYuan(area.discount_price_fen),
  };
}

function cachedLayout(layout: ShowWithLayout, site: SiteRow, lang: NameLang): CachedLayout {
  const answers = layoutAnswers.get(layout) ?? {};
  const known = answers[lang];
  if (known) return known;
  const { layoutVersion: _unset, ...content } = layoutOf(layout, site, lang);
  const etag = `"${createHash('sha1').update(JSON.stringify(content)).digest('base64url')}"`;
  const data: ShowLayout = showLayoutCall.answer.parse({ layoutVersion: etag, ...content });
  const json = JSON.stringify({ code: 0, msg: 'ok', data });
  const built = { etag, json, gzip: gzipSync(json) };
  layoutAnswers.set(layout, { ...answers, [lang]: built });
  return built;
}

function layoutOf(layout: ShowWithLayout, site: SiteRow, lang: NameLang): ShowLayout {
  const areaIndex = new Map(layout.areas.map((area, index) => [area.id, index]));
  const settings = siteSettings(site);
  return {
    layoutVersion: '',
    showInfo: showInfoOf(layout.show, lang),
    cinemaInfo: cinemaInfoOf(layout.show, lang),
    priceAreas: layout.areas.map((area) => priceAreaOf(area, lang)),
    columns: layout.show.columns,
    rowCount: layout.show.row_count,
    rows: rowsOf(layout.seats).map((seats) => ({
      label: seats[0]!.row_label,
      y: seats[0]!.y,
      seats: seats.map((seat): LayoutSeat => {
        const area = seat.area_id ? (areaIndex.get(seat.area_id) ?? -1) : -1;
        const tuple: LayoutSeat = [seat.x, seat.col, seatKindCode(seat.kind), area];
        return seat.label === `${seat.row_label}${seat.col}` ? tuple : [...tuple, seat.label];
      }),
    })),
    maxSeatsPerOrder: settings.maxSeatsPerOrder,
    holdMinutes: settings.holdMinutes,
  };
}

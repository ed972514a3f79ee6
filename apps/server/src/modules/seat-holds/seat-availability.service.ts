import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  encodeAvailabilityRows,
  fenToYuan,
  localName,
  seatKindCode,
  showAvailabilityCall,
  showLayoutCall,
  type NameLang,
  type PriceArea,
  type LayoutSeat,
  type SeatState,
  type ShowAvailability,
  type ShowLayout,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/errors.js';
import {
  cinemaInfoOf,
  findShowWithLayout,
  showInfoOf,
  type ShowWithLayout,
} from '../cinema/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import type { TakenSeats } from './seat-holds.repository.js';
import { prepareTimedAnswer, type TimedAnswer } from './timed-answer.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * The seat map's two halves (decision 002): the layout, built once per cached show layout and
 * kept as its JSON and gzip bytes with an ETag; and the availability, from the taken seats kept in
 * memory (taken-seats-memory.ts).
 */

/** The state of each layout seat, by id. */
export function seatStatesOf(layout: ShowWithLayout, taken: TakenSeats) {
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

/** The seat-map reads' deps: the app's taken seats in memory and its kept answers. */
export type ReadDeps = Deps & {
  takenSeats: { current(showId: string, now: Date): Promise<TakenSeats> };
  kept: { availability: KeptAnswers; seatMaps: KeptAnswers };
};

/** A snapshot's availability strings on a layout: worked out once per snapshot and layout. */
const rowsBySnapshot = new WeakMap<TakenSeats, { layout: ShowWithLayout; rows: string[] }>();

export function availabilityRowsOf(layout: ShowWithLayout, taken: TakenSeats): string[] {
  const known = rowsBySnapshot.get(taken);
  if (known?.layout === layout) return known.rows;
  const stateOf = seatStatesOf(layout, taken);
  const rows = encodeAvailabilityRows(rowsOf(layout.seats).map((row) => row.map(stateOf)));
  rowsBySnapshot.set(taken, { layout, rows });
  return rows;
}

/**
 * An answer kept per show and language while its content stays the same: `key` names the layout
 * and the seats' states; `layout` and `taken` are the last cached layout and snapshot found to
 * have them (a cheap check for their readers). Keyed by show, not by the cached layout object, so
 * the layout's 10-s refresh does not rebuild an unchanged answer.
 */
export interface KeptAnswer {
  key: string;
  layout: ShowWithLayout;
  taken: TakenSeats;
  answer: TimedAnswer;
}

export type KeptAnswers = Map<string, Partial<Record<NameLang, KeptAnswer>>>;
const KEPT_SHOW_LIMIT = 5_000;

/** The kept answer if it was built for this content, else a new one (kept for the next). */
export function keptAnswer(
  answers: KeptAnswers,
  context: { layout: ShowWithLayout; taken: TakenSeats; site: SiteRow; lang: NameLang },
  keyOf: () => string,
  build: () => TimedAnswer,
): TimedAnswer {
  const { layout, taken, site, lang } = context;
  let kept = answers.get(layout.show.id);
  if (!kept) {
    if (answers.size >= KEPT_SHOW_LIMIT) answers.clear();
    kept = {};
    answers.set(layout.show.id, kept);
  }
  const known = kept[lang];
  if (known?.taken === taken && known.layout === layout) return known.answer;
  // The layout's ETag covers names, prices, times and settings in this language; the layout id
  // the seats (and their ids).
  const key = `${layout.show.layout_id} ${cachedLayout(layout, site, lang).etag} ${keyOf()}`;
  if (known?.key === key) {
    known.taken = taken;
    known.layout = layout;
    return known.answer;
  }
  const answer = build();
  kept[lang] = { key, layout, taken, answer };
  return answer;
}

/**
 * The availability of a show now (as fresh as taken-seats-memory.ts says), serialized and gzipped once
 * per layout, language and version of the seats, whoever asks meanwhile.
 */
export async function getShowAvailability(
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
    deps.kept.availability,
    { layout, taken, site, lang },
    () => `${taken.version} ${availabilityRowsOf(layout, taken).join(',')}`,
    () => {
      const data: ShowAvailability = {
        showId: layout.show.id,
        version: taken.version,
        layoutVersion: cachedLayout(layout, site, lang).etag,
        rows: availabilityRowsOf(layout, taken),
        serverTime: now.toISOString(),
      };
      return prepareTimedAnswer(showAvailabilityCall.answer.parse(data));
    },
  );
  return { answer, serverTime: now };
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

import { sql, type Insertable } from 'kysely';
import type { SeatKind, ShowFormat } from '@marquee/contracts';
import { addDays, localDateOf, localInstant } from '../../lib/local-date.js';
import type { Executor, SeatsTable, ShowPricesTable } from '../schema.js';
import { demoFilms } from './films.js';

/**
 * The demo chain's cinemas in Shanghai (gcj02 coordinates), their halls with real-looking seat
 * layouts, the films, and a week of shows. Layouts are drawn as text, one string per row from the
 * screen backwards, one character per grid column:
 *   .  seat   P  seat of the premium area   W  wheelchair space   #  broken seat (not for sale)
 *   (  )  couple pair                       (space)  aisle
 */

interface HallPlan {
  name: string;
  nameEn: string;
  formats: ShowFormat[];
  rows: string[];
}

const smallHall = (name: string, nameEn: string): HallPlan => ({
  name,
  nameEn,
  formats: ['2D'],
  rows: ['..........', '..........', '..PPPPPP..', '..PPPPPP..', '..........', 'W........W'],
});

const normalHall = (
  name: string,
  nameEn: string,
  formats: ShowFormat[] = ['2D', '3D'],
): HallPlan => ({
  name,
  nameEn,
  formats,
  rows: [
    '... .......... ...',
    '... .......... ...',
    '... .......... ...',
    '... PPPPPPPPPP ...',
    '... PPPP#PPPPP ...',
    '... PPPPPPPPPP ...',
    '... .......... ...',
    '... .......... ...',
    '... .......... ...',
    'W.. .......... ..W',
  ],
});

const largeHall = (name: string, nameEn: string, formats: ShowFormat[]): HallPlan => {
  const plain = '...... ................ ......';
  const premium = '...... PPPPPPPPPPPPPPPP ......';
  const rows = [
    'WW.... ................ ....WW',
    ...Array.from({ length: 6 }, () => plain),
    ...Array.from({ length: 6 }, () => premium),
    ...Array.from({ length: 5 }, () => plain),
    '...... ..........#..... #.....',
    '()()() ()()()()()()()() ()()()',
    '()()() ()()()()()()()() ()()()',
  ];
  return { name, nameEn, formats, rows };
};

interface CinemaPlan {
  name: string;
  nameEn: string;
  address: string;
  addressEn: string;
  phone: string;
  latitude: number;
  longitude: number;
  tags: string[];
  halls: HallPlan[];
}

export const demoCinemas: CinemaPlan[] = [
  {
    name: '星幕影城（人民广场店）',
    nameEn: "Marquee Cinemas People's Square",
    address: '上海市黄浦区西藏中路 268 号来福士广场 7 楼',
    addressEn: '7F Raffles City, 268 Middle Xizang Road, Huangpu, Shanghai',
    phone: '021-63401288',
    latitude: 31.2336,
    longitude: 121.4752,
    tags: ['IMAX', '杜比全景声', '停车场', '儿童优惠'],
    halls: [
      smallHall('1号厅', 'Hall 1'),
      normalHall('2号厅', 'Hall 2'),
      largeHall('IMAX巨幕厅', 'IMAX Hall', ['IMAX', '3D']),
    ],
  },
  {
    name: '星幕影城（徐家汇店）',
    nameEn: 'Marquee Cinemas Xujiahui',
    address: '上海市徐汇区虹桥路 1 号港汇广场 6 楼',
    addressEn: '6F Grand Gateway, 1 Hongqiao Road, Xuhui, Shanghai',
    phone: '021-64070533',
    latitude: 31.1949,
    longitude: 121.4375,
    tags: ['杜比全景声', '情侣座', '停车场'],
    halls: [
      smallHall('1号厅', 'Hall 1'),
      normalHall('2号厅', 'Hall 2'),
      normalHall('3号厅', 'Hall 3', ['2D']),
    ],
  },
  {
    name: '星幕影城（陆家嘴店）',
    nameEn: 'Marquee Cinemas Lujiazui',
    address: '上海市浦东新区陆家嘴西路 168 号正大广场 8 楼',
    addressEn: '8F Super Brand Mall, 168 West Lujiazui Road, Pudong, Shanghai',
    phone: '021-50471166',
    latitude: 31.2367,
    longitude: 121.4998,
    tags: ['IMAX', '激光放映', '儿童优惠', '可改签'],
    halls: [
      smallHall('VIP厅', 'VIP Hall'),
      normalHall('2号厅', 'Hall 2'),
      largeHall('杜比巨幕厅', 'Dolby Cinema', ['3D', '2D']),
    ],
  },
];

const areaPlans = [
  { code: 'standard', name: '普通区', name_en: 'Standard', color: '#3b82f6', sort_order: 1 },
  { code: 'premium', name: '黄金区', name_en: 'Premium', color: '#f59e0b', sort_order: 2 },
  { code: 'couple', name: '情侣座', name_en: 'Couple seats', color: '#ec4899', sort_order: 3 },
] as const;
type AreaCode = (typeof areaPlans)[number]['code'];

type PlannedSeat = Omit<Insertable<SeatsTable>, 'hall_id' | 'area_id'> & { area: AreaCode | null };

function seatsOf(plan: HallPlan): PlannedSeat[] {
  const seats: PlannedSeat[] = [];
  plan.rows.forEach((line, y) => {
    const rowLabel = String.fromCharCode(65 + y);
    let col = 0;
    [...line].forEach((char, x) => {
      if (char === ' ') return;
      col += 1;
      const kind: SeatKind =
        char === '#'
          ? 'unavailable'
          : char === '('
            ? 'couple-left'
            : char === ')'
              ? 'couple-right'
              : char === 'W'
                ? 'wheelchair'
                : 'normal';
      const area: AreaCode | null =
        kind === 'unavailable'
          ? null
          : char === '(' || char === ')'
            ? 'couple'
            : char === 'P'
              ? 'premium'
              : 'standard';
      seats.push({ row_label: rowLabel, col, x, y, kind, label: `${rowLabel}${col}`, area });
    });
  });
  return seats;
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 1000) {
    await insert(rows.slice(start, start + 1000));
  }
}

/** Cinemas, halls, price areas, seats and films of the demo site (shows: `topUpDemoShows`). */
export async function seedDemoCinemas(trx: Executor, siteId: string, now: Date): Promise<void> {
  const today = localDateOf(now);
  await trx
    .insertInto('films')
    .values(
      demoFilms.map((film) => ({
        site_id: siteId,
        title: film.title,
        genres: film.genres,
        duration_minutes: film.durationMinutes,
        release_date: addDays(today, film.releaseInDays),
        rating: film.rating,
        synopsis: film.synopsis,
        director: film.director,
        cast_list: JSON.stringify(film.cast),
        country: film.country,
        language: film.language,
        poster_colors: film.posterColors,
      })),
    )
    .execute();

  for (const plan of demoCinemas) {
    const cinema = await trx
      .insertInto('cinemas')
      .values({
        site_id: siteId,
        name: plan.name,
        name_en: plan.nameEn,
        address: plan.address,
        address_en: plan.addressEn,
        phone: plan.phone,
        latitude: plan.latitude,
        longitude: plan.longitude,
        tags: plan.tags,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const halls = await trx
      .insertInto('halls')
      .values(
        plan.halls.map((hall) => ({
          cinema_id: cinema.id,
          name: hall.name,
          name_en: hall.nameEn,
          columns: Math.max(...hall.rows.map((row) => row.length)),
          row_count: hall.rows.length,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const seatsByHall = new Map(
      halls.map((hall) => [
        hall.id,
        seatsOf(plan.halls.find((candidate) => candidate.name === hall.name)!),
      ]),
    );
    // Only the areas a hall has seats in: the legend shows no couple price in a hall without them.
    const areas = await trx
      .insertInto('price_areas')
      .values(
        halls.flatMap((hall) =>
          areaPlans
            .filter((area) => seatsByHall.get(hall.id)!.some((seat) => seat.area === area.code))
            .map((area) => ({ ...area, hall_id: hall.id })),
        ),
      )
      .returning(['id', 'hall_id', 'code'])
      .execute();
    const areaId = (hallId: string, code: AreaCode | null) =>
      code === null
        ? null
        : (areas.find((area) => area.hall_id === hallId && area.code === code)?.id ?? null);
    const seats = halls.flatMap((hall) => {
      return seatsByHall.get(hall.id)!.map(({ area, ...seat }) => ({
        ...seat,
        hall_id: hall.id,
        area_id: areaId(hall.id, area),
      }));
    });
    await insertInChunks(seats, (chunk) => trx.insertInto('seats').values(chunk).execute());
  }
}

/** Standard and member prices in fen by format; premium seats cost more, couple seats more again. */
const basePrices: Record<ShowFormat, { price: number; discount: number }> = {
  '2D': { price: 4500, discount: 3500 },
  '3D': { price: 5500, discount: 4500 },
  IMAX: { price: 8000, discount: 6800 },
};
const areaSurcharge: Record<AreaCode, number> = { standard: 0, premium: 1000, couple: 1500 };

const FIRST_SHOW_MINUTES = 10 * 60;
const LAST_START_MINUTES = 22 * 60 + 30;
const CLEANING_MINUTES = 20;

/**
 * Make sure the demo site has shows for today and the next six days: run on every start, it adds
 * only the days (halls, start times) that are missing, so a database seeded last week still shows
 * a full week. The schedule is deterministic: the same day always gets the same shows.
 */
export async function topUpDemoShows(trx: Executor, siteCode: string, now: Date): Promise<number> {
  const site = await trx
    .selectFrom('sites')
    .select('id')
    .where('code', '=', siteCode)
    .executeTakeFirst();
  if (!site) return 0;
  const films = await trx
    .selectFrom('films')
    .select(['id', 'title', 'duration_minutes', 'release_date', 'language'])
    .where('site_id', '=', site.id)
    .orderBy('title')
    .execute();
  const halls = await trx
    .selectFrom('halls')
    .innerJoin('cinemas', 'cinemas.id', 'halls.cinema_id')
    .select(['halls.id', 'halls.name', 'halls.cinema_id', 'cinemas.name as cinema_name'])
    .where('cinemas.site_id', '=', site.id)
    .orderBy('cinemas.name')
    .orderBy('halls.name')
    .execute();
  // The areas of each hall's current layout: shows added now use it (decision 016).
  const areas = await trx
    .selectFrom('price_areas')
    .select(['id', 'hall_id', 'code'])
    .where(
      'hall_id',
      'in',
      halls.map((hall) => hall.id),
    )
    .where('layout_id', '=', sql<string>`hall_current_layout(price_areas.hall_id)`)
    .execute();
  if (halls.length === 0 || films.length === 0) return 0;

  const today = localDateOf(now);
  const planned: {
    hall_id: string;
    cinema_id: string;
    film_id: string;
    start_at: Date;
    end_at: Date;
    show_date: string;
    language: string;
    format: ShowFormat;
    site_id: string;
  }[] = [];
  halls.forEach((hall, hallIndex) => {
    const plan = demoCinemas
      .find((cinema) => cinema.name === hall.cinema_name)
      ?.halls.find((candidate) => candidate.name === hall.name);
    const formats = plan?.formats ?? ['2D'];
    for (let day = 0; day < 7; day += 1) {
      const date = addDays(today, day);
      const showing = films.filter((film) => film.release_date <= date);
      if (showing.length === 0) continue;
      let minutes = FIRST_SHOW_MINUTES + (hallIndex % 4) * 15;
      for (let slot = 0; minutes <= LAST_START_MINUTES; slot += 1) {
        const film = showing[(hallIndex * 3 + day + slot) % showing.length]!;
        const format = formats[(slot + day) % formats.length]!;
        const start = localInstant(date, minutes);
        planned.push({
          site_id: site.id,
          hall_id: hall.id,
          cinema_id: hall.cinema_id,
          film_id: film.id,
          start_at: start,
          end_at: new Date(start.getTime() + film.duration_minutes * 60_000),
          show_date: date,
          language: film.language === '英语' && slot % 2 === 1 ? '国语配音' : film.language,
          format,
        });
        minutes += Math.ceil((film.duration_minutes + CLEANING_MINUTES) / 15) * 15;
      }
    }
  });

  // Shows staff added (or the demo's own of earlier starts) keep their place: a planned show that
  // would meet one of them, cleaning time included, is left out.
  const existing = await trx
    .selectFrom('shows')
    .select(['hall_id', 'start_at', 'end_at'])
    .where('site_id', '=', site.id)
    .where('cancelled_at', 'is', null)
    .where('show_date', '>=', today)
    .where('show_date', '<=', addDays(today, 7))
    .execute();
  const gapMs = CLEANING_MINUTES * 60_000;
  const fits = (show: (typeof planned)[number]) =>
    !existing.some(
      (other) =>
        other.hall_id === show.hall_id &&
        other.start_at.getTime() < show.end_at.getTime() + gapMs &&
        other.end_at.getTime() > show.start_at.getTime() - gapMs,
    );
  const created: { id: string; hall_id: string; format: ShowFormat }[] = [];
  await insertInChunks(planned.filter(fits), async (chunk) => {
    const rows = await trx
      .insertInto('shows')
      .values(chunk)
      .onConflict((conflict) => conflict.columns(['hall_id', 'start_at']).doNothing())
      .returning(['id', 'hall_id', 'format'])
      .execute();
    created.push(...rows);
  });
  const prices: Insertable<ShowPricesTable>[] = created.flatMap((show) =>
    areas
      .filter((area) => area.hall_id === show.hall_id)
      .map((area) => {
        const base = basePrices[show.format];
        const surcharge = areaSurcharge[area.code as AreaCode] ?? 0;
        return {
          show_id: show.id,
          area_id: area.id,
          price_fen: base.price + surcharge,
          discount_price_fen: base.discount + surcharge,
        };
      }),
  );
  await insertInChunks(prices, (chunk) => trx.insertInto('show_prices').values(chunk).execute());
  return created.length;
}

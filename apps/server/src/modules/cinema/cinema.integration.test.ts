import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CallAnswer,
  cinemaDetailCall,
  cinemaListCall,
  cinemaShowsCall,
  filmDetailCall,
  filmListCall,
  filmShowsCall,
} from '@marquee/contracts';
import { localDateOf, addDays } from '../../lib/local-date.js';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import { topUpDemoShows } from '../../db/demo/cinemas.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

type CinemaList = CallAnswer<typeof cinemaListCall>;
type CinemaDetail = CallAnswer<typeof cinemaDetailCall>;
type CinemaShows = CallAnswer<typeof cinemaShowsCall>;
type FilmList = CallAnswer<typeof filmListCall>;
type FilmDetail = CallAnswer<typeof filmDetailCall>;
type FilmShows = CallAnswer<typeof filmShowsCall>;

/** Near Lujiazui (gcj02). */
const LUJIAZUI = { lat: 31.2381, lng: 121.4991 };

describeOnEachDatabase('cinemas, films and shows', (kind) => {
  let t: TestApp;
  let cinemas: CinemaList['list'];
  beforeAll(async () => {
    t = await createTestApp(kind);
    cinemas = (await call<CinemaList>(t.app, { url: '/api/cinema/list?pageSize=50' })).body.data
      .list;
  });
  afterAll(() => t?.close());

  const today = () => localDateOf(t.clock.now());
  const tomorrow = () => addDays(today(), 1);

  describe('the cinema list', () => {
    it('lists the site’s cinemas by name without a location, with no distance', async () => {
      expect(cinemas.length).toBe(3);
      const names = cinemas.map((cinema) => cinema.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'zh')));
      expect(cinemas.every((cinema) => cinema.distanceMeters === null)).toBe(true);
      expect(cinemas[0]).toMatchObject({
        address: expect.stringContaining('上海市'),
        tags: expect.any(Array),
        minPrice: expect.any(Number),
      });
    });

    it('sorts by distance from the visitor’s gcj02 location', async () => {
      const { body } = await call<CinemaList>(t.app, {
        url: `/api/cinema/list?lat=${LUJIAZUI.lat}&lng=${LUJIAZUI.lng}`,
      });
      const list = body.data.list;
      expect(list[0]!.name).toContain('陆家嘴');
      expect(list[0]!.distanceMeters).toBeLessThan(500);
      const distances = list.map((cinema) => cinema.distanceMeters!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(list.at(-1)!.name).toContain('徐家汇');
    });

    it('finds cinemas by a keyword in the name or the address, and treats % as a letter', async () => {
      const byName = await call<CinemaList>(t.app, {
        url: `/api/cinema/list?keyword=${encodeURIComponent('徐家汇')}`,
      });
      expect(byName.body.data.list.map((cinema) => cinema.name)).toEqual(['星幕影城（徐家汇店）']);
      const byAddress = await call<CinemaList>(t.app, {
        url: `/api/cinema/list?keyword=${encodeURIComponent('正大广场')}`,
      });
      expect(byAddress.body.data.total).toBe(1);
      const wildcard = await call<CinemaList>(t.app, { url: '/api/cinema/list?keyword=%25' });
      expect(wildcard.body.code).toBe(0);
      expect(wildcard.body.data.total).toBe(0);
    });

    it('finds cinemas by a tag, a hall name or a show format, as the search hint suggests', async () => {
      const namesFor = async (keyword: string) =>
        (
          await call<CinemaList>(t.app, {
            url: `/api/cinema/list?keyword=${encodeURIComponent(keyword)}`,
          })
        ).body.data.list
          .map((cinema) => cinema.name)
          .sort();
      // Tags: IMAX at 人民广场 and 陆家嘴; 激光放映 only at 陆家嘴; lower case finds them too.
      expect(await namesFor('IMAX')).toEqual(
        ['星幕影城（人民广场店）', '星幕影城（陆家嘴店）'].sort(),
      );
      expect(await namesFor('imax')).toHaveLength(2);
      expect(await namesFor('激光')).toEqual(['星幕影城（陆家嘴店）']);
      // 杜比: two by the tag 杜比全景声, the third by its hall 杜比巨幕厅.
      expect(await namesFor('杜比')).toHaveLength(3);
      expect(await namesFor('杜比巨幕')).toEqual(['星幕影城（陆家嘴店）']);
      // A format no tag or hall names: every demo cinema has 3D shows still to come.
      expect(await namesFor('3D')).toHaveLength(3);
      expect(await namesFor('4DX')).toEqual([]);
    });

    it('pages with pageNum and pageSize', async () => {
      const first = await call<CinemaList>(t.app, { url: '/api/cinema/list?pageNum=1&pageSize=2' });
      expect(first.body.data).toMatchObject({ total: 3, hasMore: true, pageNum: 1, pageSize: 2 });
      expect(first.body.data.list).toHaveLength(2);
      const second = await call<CinemaList>(t.app, {
        url: '/api/cinema/list?pageNum=2&pageSize=2',
      });
      expect(second.body.data.list).toHaveLength(1);
      expect(second.body.data.hasMore).toBe(false);
    });

    it('refuses a latitude without a longitude, and a page size over 50', async () => {
      const half = await call(t.app, { url: '/api/cinema/list?lat=31.2' });
      expect(half.status).toBe(400);
      expect(half.body.code).toBe(40001);
      const big = await call(t.app, { url: '/api/cinema/list?pageSize=500' });
      expect(big.body.code).toBe(40001);
    });

    it('refuses a request without a known site', async () => {
      const { body } = await call(t.app, { url: '/api/cinema/list', site: 'nowhere' });
      expect(body.code).toBe(40002);
    });
  });

  describe('a cinema', () => {
    it('has its halls with seat counts and a week of show dates', async () => {
      const flagship = cinemas.find((cinema) => cinema.name.includes('人民广场'))!;
      const { body } = await call<CinemaDetail>(t.app, {
        url: `/api/cinema/detail?cinemaId=${flagship.id}`,
      });
      expect(body.code).toBe(0);
      expect(body.data.cinema.id).toBe(flagship.id);
      const seatCounts = Object.fromEntries(
        body.data.halls.map((hall) => [hall.name, hall.seatCount]),
      );
      expect(seatCounts['1号厅']).toBe(60);
      expect(seatCounts['2号厅']).toBeGreaterThanOrEqual(150);
      expect(seatCounts['IMAX巨幕厅']).toBeGreaterThanOrEqual(500);
      const dates = body.data.showDates;
      expect(dates.length).toBeGreaterThanOrEqual(6);
      expect(dates).toEqual([...dates].sort());
      expect(dates[0]! >= today()).toBe(true);
      expect(dates.at(-1)).toBe(addDays(today(), 6));
    });

    it('lists a day’s shows grouped by film, by start time, all on that day', async () => {
      const cinema = cinemas[0]!;
      const { body } = await call<CinemaShows>(t.app, {
        url: `/api/cinema/shows?cinemaId=${cinema.id}&date=${tomorrow()}`,
      });
      expect(body.code).toBe(0);
      expect(body.data.films.length).toBeGreaterThan(1);
      for (const { film, shows } of body.data.films) {
        expect(shows.length).toBeGreaterThan(0);
        for (const show of shows) {
          expect(show.filmId).toBe(film.id);
          expect(show.cinemaId).toBe(cinema.id);
          expect(localDateOf(new Date(show.startAt))).toBe(tomorrow());
          expect(show.discountPrice).toBeLessThan(show.price);
          expect(['2D', '3D', 'IMAX']).toContain(show.format);
        }
        const starts = shows.map((show) => show.startAt);
        expect(starts).toEqual([...starts].sort());
      }
    });

    it('answers 40401 for an unknown cinema, a malformed id and a bad date', async () => {
      const unknown = await call(t.app, {
        url: '/api/cinema/detail?cinemaId=00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.body.code).toBe(40401);
      const malformed = await call(t.app, {
        url: '/api/cinema/shows?cinemaId=abc&date=2026-01-01',
      });
      expect(malformed.body.code).toBe(40401);
      const badDate = await call(t.app, {
        url: `/api/cinema/shows?cinemaId=${cinemas[0]!.id}&date=tomorrow`,
      });
      expect(badDate.body.code).toBe(40001);
    });
  });

  describe('films', () => {
    it('lists films showing, best rated first', async () => {
      const { body } = await call<FilmList>(t.app, { url: '/api/film/list?status=showing' });
      const list = body.data.list;
      expect(list.length).toBeGreaterThanOrEqual(8);
      expect(list.every((film) => film.status === 'showing' && film.releaseDate <= today())).toBe(
        true,
      );
      const ratings = list.map((film) => film.rating ?? 0);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      expect(list[0]!.posterUrl).toBe(`/api/film/poster/${list[0]!.id}.svg`);
    });

    it('lists films coming soon, soonest first', async () => {
      const { body } = await call<FilmList>(t.app, { url: '/api/film/list?status=coming' });
      const list = body.data.list;
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.every((film) => film.status === 'coming' && film.releaseDate > today())).toBe(
        true,
      );
      const dates = list.map((film) => film.releaseDate);
      expect(dates).toEqual([...dates].sort());
    });

    it('refuses an unknown status', async () => {
      const { body } = await call(t.app, { url: '/api/film/list?status=old' });
      expect(body.code).toBe(40001);
    });

    it('has a film’s detail with its cast and the dates it shows', async () => {
      const film = (await call<FilmList>(t.app, { url: '/api/film/list' })).body.data.list[0]!;
      const { body } = await call<FilmDetail>(t.app, { url: `/api/film/detail?filmId=${film.id}` });
      expect(body.data).toMatchObject({ id: film.id, title: film.title, status: 'showing' });
      expect(body.data.synopsis.length).toBeGreaterThan(10);
      expect(body.data.cast.length).toBeGreaterThan(0);
      expect(body.data.showDates.length).toBeGreaterThanOrEqual(1);
      const unknown = await call(t.app, { url: '/api/film/detail?filmId=nope' });
      expect(unknown.body.code).toBe(40401);
    });

    it('lists the cinemas showing a film on a day, nearest first, with their shows', async () => {
      const film = (await call<FilmList>(t.app, { url: '/api/film/list' })).body.data.list[0]!;
      const { body } = await call<FilmShows>(t.app, {
        url: `/api/film/shows?filmId=${film.id}&date=${tomorrow()}&lat=${LUJIAZUI.lat}&lng=${LUJIAZUI.lng}`,
      });
      expect(body.code).toBe(0);
      expect(body.data.cinemas.length).toBeGreaterThan(0);
      const distances = body.data.cinemas.map(({ cinema }) => cinema.distanceMeters!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      for (const { cinema, shows } of body.data.cinemas) {
        expect(shows.length).toBeGreaterThan(0);
        expect(shows.every((show) => show.filmId === film.id && show.cinemaId === cinema.id)).toBe(
          true,
        );
      }
    });

    it('answers no cinemas for a day without shows', async () => {
      const film = (await call<FilmList>(t.app, { url: '/api/film/list' })).body.data.list[0]!;
      const { body } = await call<FilmShows>(t.app, {
        url: `/api/film/shows?filmId=${film.id}&date=${addDays(today(), 30)}`,
      });
      expect(body.data.cinemas).toEqual([]);
    });
  });

  describe('posters', () => {
    it('draws a film’s poster as SVG with its title', async () => {
      const film = (await call<FilmList>(t.app, { url: '/api/film/list' })).body.data.list[0]!;
      const response = await t.app.inject({ method: 'GET', url: film.posterUrl });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.body).toContain('<svg');
      expect(response.body).toContain([...film.title][0]);
    });

    it('answers 404 for an unknown poster', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/film/poster/nope.svg' });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('demo shows', () => {
    it('tops up a week of shows ahead, adding only the missing days', async () => {
      const now = t.clock.now();
      expect(
        await t.db.transaction().execute((trx) => topUpDemoShows(trx, DEMO_SITE_CODE, now)),
      ).toBe(0);
      const later = new Date(now.getTime() + 3 * 24 * 3600_000);
      const added = await t.db
        .transaction()
        .execute((trx) => topUpDemoShows(trx, DEMO_SITE_CODE, later));
      expect(added).toBeGreaterThan(0);
      const lastDate = await t.db
        .selectFrom('shows')
        .select((eb) => eb.fn.max('show_date').as('last'))
        .executeTakeFirstOrThrow();
      expect(lastDate.last).toBe(addDays(localDateOf(later), 6));
      const withoutPrices = await t.db
        .selectFrom('shows')
        .leftJoin('show_prices', 'show_prices.show_id', 'shows.id')
        .select('shows.id')
        .where('show_prices.show_id', 'is', null)
        .execute();
      expect(withoutPrices).toEqual([]);
      expect(
        await t.db.transaction().execute((trx) => topUpDemoShows(trx, DEMO_SITE_CODE, later)),
      ).toBe(0);
    });
  });

  // Last: it moves the clock a day on.
  describe('as time passes', () => {
    it('leaves out shows that have started', async () => {
      const cinema = cinemas[0]!;
      const date = tomorrow();
      const url = `/api/cinema/shows?cinemaId=${cinema.id}&date=${date}`;
      const shows = () =>
        call<CinemaShows>(t.app, { url }).then(({ body }) =>
          body.data.films.flatMap((f) => f.shows),
        );
      const before = await shows();
      const first = [...before].sort((a, b) => a.startAt.localeCompare(b.startAt))[0]!;
      t.clock.advance((Date.parse(first.startAt) - t.clock.now().getTime()) / 1000 + 1);
      const after = await shows();
      expect(after.map((show) => show.showId)).not.toContain(first.showId);
      expect(after.length).toBeLessThan(before.length);
    });
  });
});

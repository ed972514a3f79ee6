import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallAnswer, ShowLayout } from '@marquee/contracts';
import type {
  cinemaShowsCall,
  filmDetailCall,
  getCategoryListCall,
  orderListCall,
  showSeatsCall,
} from '@marquee/contracts';
import type {
  ConsoleCategory,
  ConsoleCinema,
  ConsoleHall,
  HallLayout,
  LayoutCell,
  ScheduleShow,
} from '@marquee/contracts/console';
import { addDays, localDateOf, localInstant } from '../../lib/local-date.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { newUser } from '../cards/cards-test-kit.js';
import { holdSeats } from '../payment/payment-test-kit.js';
import {
  consoleCall,
  DEMO_PASSWORDS,
  demoSite,
  staffToken,
  uniqueUsername,
} from '../staff/staff-test-kit.js';

/** English names of data staff set up (decision 027): answered to English pages, else Chinese. */

const seat = (area: string): LayoutCell => ({ kind: 'normal', area });

function twoAreaLayout(premiumEn: string | null): HallLayout {
  return {
    columns: 4,
    rows: [
      {
        label: 'A',
        cells: [seat('standard'), seat('standard'), seat('standard'), seat('standard')],
      },
      { label: 'B', cells: [seat('premium'), seat('premium'), seat('premium'), seat('premium')] },
    ],
    areas: [
      { code: 'standard', name: '普通区', color: '#3b82f6' },
      { code: 'premium', name: '黄金区', nameEn: premiumEn, color: '#f59e0b' },
    ],
  };
}

const EN = { 'accept-language': 'en-US,en;q=0.9' };
const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };

describeOnEachDatabase('English names of halls, price areas, categories and cinemas', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  let owner = '';
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
    owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
  });
  afterAll(() => t?.close());

  const post = <T>(url: string, body: unknown) =>
    consoleCall<T>(t.app, { url, staffToken: owner, body });
  const audits = (action: string, entityId: string) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('entity_id', '=', entityId)
      .execute();

  /** A new hall of the first demo cinema with one show of a Chinese-language film on it. */
  async function hallWithShow(names: { nameEn?: string; premiumEn: string | null }) {
    const hall = await post<ConsoleHall>('/api/console/halls/create', {
      cinemaId: site.firstCinemaId,
      name: uniqueUsername('厅'),
      ...(names.nameEn ? { nameEn: names.nameEn } : {}),
      layout: twoAreaLayout(names.premiumEn),
    });
    expect(hall.body.code).toBe(0);
    const film = await t.db
      .selectFrom('films')
      .select('id')
      .where('language', '=', '国语')
      .orderBy('title')
      .limit(1)
      .executeTakeFirstOrThrow();
    const day = addDays(localDateOf(t.clock.now()), 2);
    const week = await consoleCall<{
      halls: { id: string; priceAreas: { id: string }[] }[];
    }>(t.app, {
      url: `/api/console/schedule/week?cinemaId=${site.firstCinemaId}&from=${day}`,
      staffToken: owner,
    });
    const areas = week.body.data.halls.find((h) => h.id === hall.body.data.id)!.priceAreas;
    const show = await post<ScheduleShow>('/api/console/shows/create', {
      hallId: hall.body.data.id,
      filmId: film.id,
      startAt: localInstant(day, 23 * 60 + 40).toISOString(),
      language: '国语',
      format: '2D',
      prices: areas.map((area) => ({ areaId: area.id, priceFen: 5000, discountPriceFen: 4000 })),
    });
    expect(show.body.code).toBe(0);
    return { hall: hall.body.data, show: show.body.data, day, filmId: film.id };
  }

  const showsOf = async (day: string, headers: Record<string, string>) =>
    (
      await call<CallAnswer<typeof cinemaShowsCall>>(t.app, {
        url: `/api/cinema/shows?cinemaId=${site.firstCinemaId}&date=${day}`,
        headers,
      })
    ).body.data.films.flatMap((film) => film.shows);

  it('answers the hall, price areas and language in English to English pages, Chinese to others', async () => {
    const { hall, show, day } = await hallWithShow({ nameEn: 'Hall Aurora', premiumEn: 'Gold' });
    expect(hall.nameEn).toBe('Hall Aurora');
    const edited = await consoleCall<{ layout: HallLayout }>(t.app, {
      url: `/api/console/halls/layout?hallId=${hall.id}`,
      staffToken: owner,
    });
    expect(edited.body.data.layout.areas.map((area) => area.nameEn)).toEqual([undefined, 'Gold']);

    const english = (await showsOf(day, EN)).find((s) => s.showId === show.showId)!;
    expect(english).toMatchObject({ hallName: 'Hall Aurora', language: 'Mandarin' });
    const chinese = (await showsOf(day, ZH)).find((s) => s.showId === show.showId)!;
    expect(chinese).toMatchObject({ hallName: hall.name, language: '国语' });

    const seats = await call<CallAnswer<typeof showSeatsCall>>(t.app, {
      url: `/api/show/seats?showId=${show.showId}`,
      headers: EN,
    });
    expect(seats.body.data.priceAreas.map((area) => area.name)).toEqual(['普通区', 'Gold']);
    expect(seats.body.data.showInfo.hallName).toBe('Hall Aurora');

    // The prepared layout is built per language, with its own ETag, and says it varies by it.
    const layoutEn = await call<ShowLayout>(t.app, {
      url: `/api/show/layout?showId=${show.showId}`,
      headers: EN,
    });
    const layoutZh = await call<ShowLayout>(t.app, {
      url: `/api/show/layout?showId=${show.showId}`,
      headers: ZH,
    });
    expect(layoutEn.body.data.priceAreas.map((area) => area.name)).toEqual(['普通区', 'Gold']);
    expect(layoutZh.body.data.priceAreas.map((area) => area.name)).toEqual(['普通区', '黄金区']);
    expect(layoutEn.body.data.showInfo.hallName).toBe('Hall Aurora');
    expect(layoutZh.body.data.showInfo.hallName).toBe(hall.name);
    expect(layoutEn.headers.etag).not.toBe(layoutZh.headers.etag);
    expect(String(layoutEn.headers.vary)).toContain('accept-language');
    const availability = await call<{ layoutVersion: string }>(t.app, {
      url: `/api/show/availability?showId=${show.showId}`,
      headers: EN,
    });
    expect(availability.body.data.layoutVersion).toBe(layoutEn.headers.etag);

    // The held order and the order list name the hall in English too.
    const user = await newUser(t);
    const held = await holdSeats(t, user.token, { showId: show.showId, count: 2 });
    const detail = await call<{ showInfo: { hallName: string; language: string } }>(t.app, {
      url: `/api/filmOrder/detail?orderId=${held.id}`,
      token: user.token,
      headers: EN,
    });
    expect(detail.body.data.showInfo).toMatchObject({
      hallName: 'Hall Aurora',
      language: 'Mandarin',
    });
    const list = await call<CallAnswer<typeof orderListCall>>(t.app, {
      url: '/api/order/list?kind=film',
      token: user.token,
      headers: EN,
    });
    expect(list.body.data.list.find((order) => order.orderId === held.id)?.subtitle).toContain(
      'Hall Aurora',
    );
  });

  it('falls back to the Chinese names where no English name is set', async () => {
    const { hall, show, day } = await hallWithShow({ premiumEn: null });
    expect(hall.nameEn).toBeNull();
    const english = (await showsOf(day, EN)).find((s) => s.showId === show.showId)!;
    expect(english.hallName).toBe(hall.name);
    const layout = await call<ShowLayout>(t.app, {
      url: `/api/show/layout?showId=${show.showId}`,
      headers: EN,
    });
    expect(layout.body.data.priceAreas.map((area) => area.name)).toEqual(['普通区', '黄金区']);
  });

  it('translates a film’s genres, country and language from the catalogue', async () => {
    const film = await t.db
      .selectFrom('films')
      .select('id')
      .where('country', '=', '美国')
      .executeTakeFirstOrThrow();
    const detail = await call<CallAnswer<typeof filmDetailCall>>(t.app, {
      url: `/api/film/detail?filmId=${film.id}`,
      headers: EN,
    });
    expect(detail.body.data).toMatchObject({ country: 'USA', language: 'English' });
    expect(detail.body.data.genres.join(' ')).toMatch(/^[A-Za-z -]+$/);
  });

  it('renames a hall in English (audited), keeps it when left out, and clears it with an empty name', async () => {
    const { hall } = await hallWithShow({ premiumEn: null });
    const renamed = await post<ConsoleHall>('/api/console/halls/rename', {
      hallId: hall.id,
      name: hall.name,
      nameEn: '  Hall Borealis ',
    });
    expect(renamed.body.data.nameEn).toBe('Hall Borealis');
    const [audit] = await audits('hall.rename', hall.id);
    expect(audit?.before).toMatchObject({ name: hall.name, nameEn: null });
    expect(audit?.after).toMatchObject({ name: hall.name, nameEn: 'Hall Borealis' });
    const kept = await post<ConsoleHall>('/api/console/halls/rename', {
      hallId: hall.id,
      name: `${hall.name}新`,
    });
    expect(kept.body.data).toMatchObject({ name: `${hall.name}新`, nameEn: 'Hall Borealis' });
    const cleared = await post<ConsoleHall>('/api/console/halls/rename', {
      hallId: hall.id,
      name: `${hall.name}新`,
      nameEn: '',
    });
    expect(cleared.body.data.nameEn).toBeNull();
  });

  it('refuses English names with Chinese characters or too long, changing nothing', async () => {
    const { hall } = await hallWithShow({ premiumEn: null });
    const hallRow = () =>
      t.db.selectFrom('halls').selectAll().where('id', '=', hall.id).executeTakeFirstOrThrow();
    const before = await hallRow();
    const chinese = await post('/api/console/halls/rename', {
      hallId: hall.id,
      name: hall.name,
      nameEn: '一号厅',
    });
    const tooLong = await post('/api/console/halls/rename', {
      hallId: hall.id,
      name: hall.name,
      nameEn: 'H'.repeat(41),
    });
    expect([chinese.status, chinese.body.code]).toEqual([400, 40001]);
    expect(JSON.stringify(chinese.body.data)).toContain('body.nameEn');
    expect(tooLong.status).toBe(400);
    expect(await hallRow()).toEqual(before);
    expect(await audits('hall.rename', hall.id)).toHaveLength(0);

    const categoriesBefore = await t.db.selectFrom('goods_categories').selectAll().execute();
    const badCategory = await post('/api/console/goods/categories/create', {
      name: uniqueUsername('类'),
      nameEn: '小吃',
    });
    expect(badCategory.status).toBe(400);
    const cinemasBefore = await t.db.selectFrom('cinemas').selectAll().execute();
    const cinema = cinemasBefore.find((row) => row.id === site.firstCinemaId)!;
    const badCinema = await post('/api/console/cinemas/update', {
      cinemaId: cinema.id,
      name: cinema.name,
      address: cinema.address,
      addressEn: '上海 Road 1',
      phone: cinema.phone,
      latitude: cinema.latitude,
      longitude: cinema.longitude,
      tags: cinema.tags,
    });
    expect(badCinema.status).toBe(400);
    expect(await t.db.selectFrom('goods_categories').selectAll().execute()).toEqual(
      categoriesBefore,
    );
    expect(await t.db.selectFrom('cinemas').selectAll().execute()).toEqual(cinemasBefore);
  });

  it('names a goods category in English to English pages once staff give it one, audited', async () => {
    const name = uniqueUsername('类');
    const created = await post<{ categories: ConsoleCategory[] }>(
      '/api/console/goods/categories/create',
      { name },
    );
    const category = created.body.data.categories.find((row) => row.name === name)!;
    expect(category.nameEn).toBeNull();
    const categoriesIn = async (headers: Record<string, string>) =>
      (
        await call<CallAnswer<typeof getCategoryListCall>>(t.app, {
          url: '/api/goods/getCategoryList',
          headers,
        })
      ).body.data.list.find((row) => row.id === category.id)?.name;
    expect(await categoriesIn(EN)).toBe(name);

    const renamed = await post<{ categories: ConsoleCategory[] }>(
      '/api/console/goods/categories/rename',
      { id: category.id, name, nameEn: 'Late-night bites' },
    );
    expect(renamed.body.data.categories.find((row) => row.id === category.id)?.nameEn).toBe(
      'Late-night bites',
    );
    const [audit] = await audits('goodsCategory.rename', category.id);
    expect(audit?.after).toMatchObject({ name, nameEn: 'Late-night bites' });
    expect(await categoriesIn(EN)).toBe('Late-night bites');
    expect(await categoriesIn(ZH)).toBe(name);
    // Goods labels come from the catalogue.
    const goods = await call<{ list: { tags: string[] }[] }>(t.app, {
      url: '/api/goods/getGoodsList?pageNum=1&pageSize=50',
      headers: EN,
    });
    const tags = goods.body.data.list.flatMap((item) => item.tags);
    expect(tags).toContain('Bestseller');
    expect(tags).not.toContain('热卖');
  });

  it('names a cinema and its address in English when staff give them, keeping them on an edit that leaves them out', async () => {
    const name = `星幕影城（${uniqueUsername('英')}店）`;
    const fields = {
      name,
      address: '上海市静安区南京西路 1 号',
      phone: '021-12345678',
      latitude: 31.229,
      longitude: 121.452,
      tags: ['IMAX'],
    };
    const created = await post<ConsoleCinema>('/api/console/cinemas/create', {
      ...fields,
      nameEn: 'Marquee Jing’an',
      addressEn: '1 West Nanjing Road, Jing’an, Shanghai',
    });
    expect(created.body.data).toMatchObject({ nameEn: 'Marquee Jing’an' });
    const detail = async (headers: Record<string, string>) =>
      (
        await call<{ cinema: { name: string; address: string; tags: string[] } }>(t.app, {
          url: `/api/cinema/detail?cinemaId=${created.body.data.id}`,
          headers,
        })
      ).body.data.cinema;
    expect(await detail(EN)).toEqual(
      expect.objectContaining({
        name: 'Marquee Jing’an',
        address: '1 West Nanjing Road, Jing’an, Shanghai',
      }),
    );
    expect((await detail(ZH)).name).toBe(name);
    expect((await detail(EN)).tags).toEqual(['IMAX']);
    const demo = await call<{ cinema: { tags: string[] } }>(t.app, {
      url: `/api/cinema/detail?cinemaId=${site.firstCinemaId}`,
      headers: EN,
    });
    expect(demo.body.data.cinema.tags).toContain('Dolby Atmos');
    // An English search finds cinemas by what their tags mean.
    const found = await call<{ list: { id: string }[] }>(t.app, {
      url: '/api/cinema/list?pageNum=1&pageSize=50&keyword=dolby%20atmos',
      headers: EN,
    });
    expect(found.body.data.list.map((cinema) => cinema.id)).toContain(site.firstCinemaId);
    // An older console sends no English fields: they stay.
    const edited = await post<ConsoleCinema>('/api/console/cinemas/update', {
      cinemaId: created.body.data.id,
      ...fields,
      phone: '021-87654321',
    });
    expect(edited.body.data).toMatchObject({ phone: '021-87654321', nameEn: 'Marquee Jing’an' });
    const [audit] = await audits('cinema.update', created.body.data.id);
    expect(audit?.after).toMatchObject({ nameEn: 'Marquee Jing’an' });
  });
});

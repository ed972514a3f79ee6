import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallAnswer, ShowLayout } from '@marquee/contracts';
import {
  blankLayout,
  type ConsoleCinema,
  type ConsoleHall,
  type consoleCinemaListCall,
  type consoleHallLayoutCall,
  type HallLayout,
  type LayoutCell,
  type ScheduleShow,
  type showCopyCall,
} from '@marquee/contracts/console';
import { addDays, localDateOf, localInstant } from '../../lib/local-date.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { newUser } from '../cards/cards-test-kit.js';
import { holdSeats } from '../payment/payment-test-kit.js';
import {
  consoleCall,
  createOtherSite,
  DEMO_PASSWORDS,
  demoSite,
  staffToken,
  uniqueUsername,
} from '../staff/staff-test-kit.js';

const cinemaFields = (name: string) => ({
  name,
  address: '上海市静安区南京西路 1 号',
  phone: '021-12345678',
  latitude: 31.229,
  longitude: 121.452,
  tags: ['IMAX', '停车场'],
});

const seat = (area = 'standard'): LayoutCell => ({ kind: 'normal', area });
const aisle: LayoutCell = { kind: 'aisle', area: null };

/** A small painted hall: an aisle, a wheelchair space, a broken seat and a couple pair. */
function paintedLayout(): HallLayout {
  return {
    columns: 5,
    rows: [
      {
        label: 'A',
        cells: [seat(), seat(), aisle, seat(), { kind: 'wheelchair', area: 'standard' }],
      },
      { label: 'B', cells: [seat(), { kind: 'unavailable', area: null }, aisle, seat(), seat()] },
      {
        label: 'C',
        cells: [
          { kind: 'couple-left', area: 'couple' },
          { kind: 'couple-right', area: 'couple' },
          aisle,
          seat(),
          seat(),
        ],
      },
    ],
    areas: [
      { code: 'standard', name: '普通区', color: '#3b82f6' },
      { code: 'couple', name: '情侣座', color: '#ec4899' },
    ],
  };
}

describeOnEachDatabase('cinemas and halls in the staff console', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  const tokens = { owner: '', manager: '', cashier: '' };
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
  });
  afterAll(() => t?.close());

  const post = <T>(token: string, url: string, body: unknown) =>
    consoleCall<T>(t.app, { url, staffToken: token, body });
  const get = <T>(token: string, url: string) => consoleCall<T>(t.app, { url, staffToken: token });
  const audits = (action: string, entityId: string) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('entity_id', '=', entityId)
      .execute();
  const createHall = (token: string, name = uniqueUsername('厅'), layout = paintedLayout()) =>
    post<ConsoleHall>(token, '/api/console/halls/create', {
      cinemaId: site.firstCinemaId,
      name,
      layout,
    });
  const countRows = async (table: 'cinemas' | 'halls' | 'hall_layouts' | 'seats') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lists every cinema to the owner, only their own to a manager, and refuses cashiers', async () => {
    type List = CallAnswer<typeof consoleCinemaListCall>;
    const owner = await get<List>(tokens.owner, '/api/console/cinemas/list');
    expect(owner.body.data.cinemas.length).toBeGreaterThanOrEqual(3);
    expect(owner.body.data.canCreate).toBe(true);
    expect(owner.body.data.cinemas[0]).toMatchObject({ hallCount: 3 });
    const manager = await get<List>(tokens.manager, '/api/console/cinemas/list');
    expect(manager.body.data.cinemas.map((c) => c.id)).toEqual([site.firstCinemaId]);
    expect(manager.body.data.canCreate).toBe(false);
    const cashier = await get(tokens.cashier, '/api/console/cinemas/list');
    expect([cashier.status, cashier.body.code]).toEqual([403, 40301]);
  });

  it('lets the owner create a cinema that moviegoers then find, audited', async () => {
    const name = `星幕影城（${uniqueUsername('静安')}店）`;
    const created = await post<ConsoleCinema>(
      tokens.owner,
      '/api/console/cinemas/create',
      cinemaFields(name),
    );
    expect(created.body.code).toBe(0);
    expect(created.body.data).toMatchObject({ ...cinemaFields(name), hallCount: 0 });
    const [audit] = await audits('cinema.create', created.body.data.id);
    expect(audit?.after).toMatchObject({ name, tags: ['IMAX', '停车场'] });
    const found = await call<{ list: { id: string }[] }>(t.app, {
      url: `/api/cinema/list?keyword=${encodeURIComponent(name)}`,
    });
    expect(JSON.stringify(found.body.data)).toContain(created.body.data.id);
  });

  it('refuses cinema creation to managers and cashiers, bad fields and a taken name, creating nothing', async () => {
    const before = await countRows('cinemas');
    const asManager = await post(
      tokens.manager,
      '/api/console/cinemas/create',
      cinemaFields('店长开的店'),
    );
    const asCashier = await post(
      tokens.cashier,
      '/api/console/cinemas/create',
      cinemaFields('收银开的店'),
    );
    expect([asManager.status, asManager.body.code]).toEqual([403, 40301]);
    expect([asCashier.status, asCashier.body.code]).toEqual([403, 40301]);
    const badPhone = await post(tokens.owner, '/api/console/cinemas/create', {
      ...cinemaFields('坏电话影城'),
      phone: 'call me',
    });
    const outOfChina = await post(tokens.owner, '/api/console/cinemas/create', {
      ...cinemaFields('远方影城'),
      latitude: 60,
    });
    expect([badPhone.status, outOfChina.status]).toEqual([400, 400]);
    const taken = await post(
      tokens.owner,
      '/api/console/cinemas/create',
      cinemaFields('星幕影城（徐家汇店）'),
    );
    expect([taken.status, taken.body.code]).toEqual([409, 40945]);
    expect(taken.body.msg).toContain('星幕影城（徐家汇店）');
    expect(await countRows('cinemas')).toBe(before);
  });

  it('lets a manager edit their cinema (audited before and after) but not another', async () => {
    const name = `星幕影城（${uniqueUsername('改')}店）`;
    const { id } = (
      await post<ConsoleCinema>(tokens.owner, '/api/console/cinemas/create', cinemaFields(name))
    ).body.data;
    // The demo manager covers the first cinema only; give them this one too.
    const managerId = (
      await t.db
        .selectFrom('staff')
        .select('id')
        .where('username', '=', 'manager')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('staff_cinemas')
      .values({ site_id: site.siteId, staff_id: managerId, cinema_id: id })
      .execute();
    const manager = await staffToken(t.app, 'manager', DEMO_PASSWORDS.manager);
    const edited = await post<ConsoleCinema>(manager, '/api/console/cinemas/update', {
      cinemaId: id,
      ...cinemaFields(name),
      phone: '021-87654321',
      tags: ['激光放映'],
    });
    expect(edited.body.code).toBe(0);
    expect(edited.body.data).toMatchObject({ phone: '021-87654321', tags: ['激光放映'] });
    const [audit] = await audits('cinema.update', id);
    expect(audit?.before).toMatchObject({ phone: '021-12345678', tags: ['IMAX', '停车场'] });
    expect(audit?.after).toMatchObject({ phone: '021-87654321', tags: ['激光放映'] });

    const other = await post(tokens.manager, '/api/console/cinemas/update', {
      cinemaId: site.otherCinemaId,
      ...cinemaFields('不是我的店'),
    });
    expect([other.status, other.body.code]).toEqual([403, 40301]);
    const cashier = await post(tokens.cashier, '/api/console/cinemas/update', {
      cinemaId: site.firstCinemaId,
      ...cinemaFields('收银改的'),
    });
    expect([cashier.status, cashier.body.code]).toEqual([403, 40301]);
    const unchanged = await t.db
      .selectFrom('cinemas')
      .select('name')
      .where('id', '=', site.otherCinemaId)
      .executeTakeFirstOrThrow();
    expect(unchanged.name).not.toBe('不是我的店');
  });

  it('creates a hall with a painted layout and reads the same layout back as version 1', async () => {
    const name = uniqueUsername('厅');
    const created = await createHall(tokens.manager, name);
    expect(created.body.code).toBe(0);
    expect(created.body.data).toMatchObject({
      name,
      layoutVersion: 1,
      columns: 5,
      rowCount: 3,
      seatCount: 11,
    });
    const hallId = created.body.data.id;
    const read = await get<CallAnswer<typeof consoleHallLayoutCall>>(
      tokens.manager,
      `/api/console/halls/layout?hallId=${hallId}`,
    );
    expect(read.body.data.layout).toEqual(paintedLayout());
    expect(read.body.data.showsOnVersion).toBe(0);
    const listed = await get<{ halls: ConsoleHall[] }>(
      tokens.owner,
      `/api/console/halls/list?cinemaId=${site.firstCinemaId}`,
    );
    expect(listed.body.data.halls.map((h) => h.id)).toContain(hallId);
    const seats = await t.db
      .selectFrom('seats')
      .select(['label', 'kind'])
      .where('hall_id', '=', hallId)
      .orderBy('y')
      .orderBy('x')
      .execute();
    expect(seats.map((s) => s.label)).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'B1',
      'B2',
      'B3',
      'B4',
      'C1',
      'C2',
      'C3',
      'C4',
    ]);
    const [audit] = await audits('hall.create', hallId);
    expect(audit?.after).toMatchObject({
      name,
      layout: { version: 1, seats: 11, brokenSeats: 1, coupleSeats: 2 },
    });
  });

  it('reads back the demo halls made before layouts had versions', async () => {
    const { halls } = (
      await get<{ halls: ConsoleHall[] }>(
        tokens.owner,
        `/api/console/halls/list?cinemaId=${site.firstCinemaId}`,
      )
    ).body.data;
    const imax = halls.find((h) => h.name === 'IMAX巨幕厅')!;
    expect(imax).toMatchObject({ layoutVersion: 1, columns: 30, rowCount: 21 });
    const read = await get<CallAnswer<typeof consoleHallLayoutCall>>(
      tokens.owner,
      `/api/console/halls/layout?hallId=${imax.id}`,
    );
    expect(read.body.data.layout.rows.map((r) => r.label).slice(0, 3)).toEqual(['A', 'B', 'C']);
    expect(read.body.data.layout.rows[19]!.cells[0]).toEqual({
      kind: 'couple-left',
      area: 'couple',
    });
    expect(read.body.data.showsOnVersion).toBeGreaterThan(0);
  });

  it('refuses a bad layout with the problem named, a taken hall name, and other cinemas, creating nothing', async () => {
    const before = await countRows('halls');
    const broken = paintedLayout();
    broken.rows[2]!.cells[1] = seat('couple');
    const invalid = await createHall(tokens.owner, uniqueUsername('厅'), broken);
    expect([invalid.status, invalid.body.code]).toEqual([422, 42285]);
    expect(invalid.body.msg).toContain('C 排第 1 列');
    const huge = await createHall(tokens.owner, uniqueUsername('厅'), blankLayout(41, 10));
    expect([huge.status, huge.body.code]).toEqual([422, 42285]);
    const taken = await createHall(tokens.owner, '1号厅');
    expect([taken.status, taken.body.code]).toEqual([409, 40946]);
    const otherCinema = await post(tokens.manager, '/api/console/halls/create', {
      cinemaId: site.otherCinemaId,
      name: uniqueUsername('厅'),
      layout: paintedLayout(),
    });
    expect([otherCinema.status, otherCinema.body.code]).toEqual([403, 40301]);
    const cashier = await createHall(tokens.cashier);
    expect([cashier.status, cashier.body.code]).toEqual([403, 40301]);
    expect(await countRows('halls')).toBe(before);
  });

  it('renames a hall (audited) and refuses a name another hall of the cinema has', async () => {
    const hall = (await createHall(tokens.owner)).body.data;
    const newName = uniqueUsername('新厅');
    const renamed = await post<ConsoleHall>(tokens.manager, '/api/console/halls/rename', {
      hallId: hall.id,
      name: newName,
    });
    expect(renamed.body.data.name).toBe(newName);
    expect((await audits('hall.rename', hall.id))[0]).toMatchObject({
      before: { name: hall.name },
      after: { name: newName },
    });
    const taken = await post(tokens.manager, '/api/console/halls/rename', {
      hallId: hall.id,
      name: '2号厅',
    });
    expect([taken.status, taken.body.code]).toEqual([409, 40946]);
    const otherHall = await t.db
      .selectFrom('halls')
      .select('id')
      .where('cinema_id', '=', site.otherCinemaId)
      .executeTakeFirstOrThrow();
    const notMine = await post(tokens.manager, '/api/console/halls/rename', {
      hallId: otherHall.id,
      name: '抢来的厅',
    });
    expect([notMine.status, notMine.body.code]).toEqual([403, 40301]);
  });

  it('answers 404 to another site, whose staff cannot read or change our cinemas and halls', async () => {
    const other = await createOtherSite(t.db, t.clock, 'boss-pass-2026');
    const boss = await staffToken(t.app, 'boss', 'boss-pass-2026', other.code);
    const hall = (await createHall(tokens.owner)).body.data;
    const asBoss = (url: string, body?: unknown) =>
      consoleCall(t.app, { url, site: other.code, staffToken: boss, body });
    const answers = [
      await asBoss('/api/console/cinemas/update', {
        cinemaId: site.firstCinemaId,
        ...cinemaFields('抢来的影城'),
      }),
      await asBoss(`/api/console/halls/list?cinemaId=${site.firstCinemaId}`),
      await asBoss(`/api/console/halls/layout?hallId=${hall.id}`),
      await asBoss('/api/console/halls/rename', { hallId: hall.id, name: '抢来的厅' }),
      await asBoss('/api/console/halls/saveLayout', {
        hallId: hall.id,
        baseVersion: 1,
        layout: paintedLayout(),
      }),
      await asBoss('/api/console/halls/create', {
        cinemaId: site.firstCinemaId,
        name: '抢来的厅',
        layout: paintedLayout(),
      }),
    ];
    expect(answers.map((a) => a.body.code)).toEqual([40401, 40401, 40401, 40401, 40401, 40401]);
    const list = await asBoss('/api/console/cinemas/list');
    expect(JSON.stringify(list.body.data)).not.toContain(site.firstCinemaId);
    // Our token on their site is no session there.
    const crossToken = await consoleCall(t.app, {
      url: '/api/console/cinemas/list',
      site: other.code,
      staffToken: tokens.owner,
    });
    expect(crossToken.status).toBe(401);
  });

  it('keeps the layout of a show with held seats after an edit; later shows get the new version', async () => {
    const hall = (await createHall(tokens.manager)).body.data;
    const film = await t.db
      .selectFrom('films')
      .select('id')
      .orderBy('title')
      .limit(1)
      .executeTakeFirstOrThrow();
    const day = addDays(localDateOf(t.clock.now()), 20);
    const week = async () =>
      (
        await get<{ halls: { id: string; priceAreas: { id: string; name: string }[] }[] }>(
          tokens.manager,
          `/api/console/schedule/week?cinemaId=${site.firstCinemaId}&from=${day}`,
        )
      ).body.data.halls.find((h) => h.id === hall.id)!;
    const schedule = async (minutes: number) => {
      const areas = (await week()).priceAreas;
      const answer = await post<ScheduleShow>(tokens.manager, '/api/console/shows/create', {
        hallId: hall.id,
        filmId: film.id,
        startAt: localInstant(day, minutes).toISOString(),
        language: '国语',
        format: '2D',
        prices: areas.map((area) => ({ areaId: area.id, priceFen: 5000, discountPriceFen: 4000 })),
      });
      expect(answer.body.code).toBe(0);
      return answer.body.data;
    };
    const seatMap = async (showId: string) =>
      (await call<ShowLayout>(t.app, { url: `/api/show/layout?showId=${showId}` })).body.data;

    const before = await schedule(10 * 60);
    const user = await newUser(t);
    const held = await holdSeats(t, user.token, { showId: before.showId, count: 2 });
    expect(held.seats).toHaveLength(2);
    const oldMap = await seatMap(before.showId);

    // A wider hall: a new column of seats on the right, and row B's broken seat repaired.
    const edited = paintedLayout();
    edited.columns = 6;
    edited.rows.forEach((row) => row.cells.push(seat()));
    edited.rows[1]!.cells[1] = seat();
    const saved = await post<ConsoleHall>(tokens.manager, '/api/console/halls/saveLayout', {
      hallId: hall.id,
      baseVersion: 1,
      layout: edited,
    });
    expect(saved.body.code).toBe(0);
    expect(saved.body.data).toMatchObject({ layoutVersion: 2, columns: 6, seatCount: 15 });
    const stale = await post(tokens.manager, '/api/console/halls/saveLayout', {
      hallId: hall.id,
      baseVersion: 1,
      layout: paintedLayout(),
    });
    expect([stale.status, stale.body.code]).toEqual([409, 40947]);
    const [audit] = await audits('hall.layout', hall.id);
    expect(audit).toMatchObject({
      before: { version: 1, seats: 11 },
      after: { version: 2, seats: 15 },
    });

    // The show with held seats keeps version 1: same seats, its hold intact.
    const keptMap = await seatMap(before.showId);
    expect({ ...keptMap, layoutVersion: '' }).toEqual({ ...oldMap, layoutVersion: '' });
    expect(keptMap.columns).toBe(5);
    const holdRow = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(holdRow.status).toBe('pending_payment');

    const after = await schedule(15 * 60);
    const newMap = await seatMap(after.showId);
    expect(newMap.columns).toBe(6);
    expect(newMap.rows.flatMap((r) => r.seats)).toHaveLength(15);
    const layouts = await t.db
      .selectFrom('shows')
      .select(['id', 'layout_id'])
      .where('id', 'in', [before.showId, after.showId])
      .execute();
    expect(new Set(layouts.map((row) => row.layout_id)).size).toBe(2);

    // A seat of version 1 cannot be held in the show of version 2: refused by the rules…
    const oldSeatId = held.seats[0]!.id;
    const viaApi = await call(t.app, {
      method: 'POST',
      url: '/api/filmOrder/create',
      token: user.token,
      body: { showId: after.showId, seatIds: [oldSeatId] },
    });
    expect(viaApi.body.code).not.toBe(0);
    // …by the hold in SQL (the seat has no price in this show)…
    const viaSql = await sql<{
      new_order_id: string | null;
    }>`select * from hold_film_seats(${site.siteId}, ${user.userId}, ${after.showId},
         ${[oldSeatId]}::uuid[], ${`T${Date.now()}`}, ${t.clock.now()},
         ${new Date(t.clock.now().getTime() + 600_000)})`.execute(t.db);
    expect(viaSql.rows[0]?.new_order_id).toBeNull();
    // …and by the database itself, whoever writes the row.
    const wrongSeat = t.db
      .insertInto('film_order_seats')
      .values({
        order_id: held.id,
        show_id: after.showId,
        seat_id: oldSeatId,
        price_fen: 100,
        discount_price_fen: 100,
        hold_expires_at: new Date(t.clock.now().getTime() + 600_000),
      })
      .execute();
    await expect(wrongSeat).rejects.toThrow(/not of the layout/);
    const wrongPrice = t.db
      .insertInto('show_prices')
      .values({
        show_id: after.showId,
        area_id: (
          await t.db
            .selectFrom('seats')
            .select('area_id')
            .where('id', '=', oldSeatId)
            .executeTakeFirstOrThrow()
        ).area_id!,
        price_fen: 100,
        discount_price_fen: 100,
      })
      .execute();
    await expect(wrongPrice).rejects.toThrow(/not of the layout/);

    // Copying the day moves the copies onto version 2, prices following the area codes.
    const copied = await post<CallAnswer<typeof showCopyCall>>(
      tokens.manager,
      '/api/console/shows/copy',
      {
        cinemaId: site.firstCinemaId,
        fromDate: day,
        toDate: addDays(day, 30),
        days: 1,
      },
    );
    const copyOfBefore = copied.body.data.copied.find(
      (show) => show.hallId === hall.id && show.startAt.endsWith('02:00:00.000Z'),
    );
    expect(copyOfBefore).toBeDefined();
    const copyLayout = await t.db
      .selectFrom('shows')
      .select('layout_id')
      .where('id', '=', copyOfBefore!.showId)
      .executeTakeFirstOrThrow();
    expect(copyLayout.layout_id).toBe(layouts.find((row) => row.id === after.showId)!.layout_id);
    expect(copyOfBefore!.prices.map((p) => p.priceFen)).toEqual([5000, 5000]);
  });
});

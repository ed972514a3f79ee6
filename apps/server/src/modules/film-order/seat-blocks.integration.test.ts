import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  decodeAvailabilityRow,
  seatName,
  type CallAnswer,
  type FilmOrder,
  type OrderDetail,
  type showAvailabilityCall,
  type showSeatsCall,
} from '@marquee/contracts';
import {
  type reseatCall,
  type ScheduleShow,
  type scheduleWeekCall,
  type ShowSeatBoard,
} from '@marquee/contracts/console';
import { addDays, localDateOf, localInstant } from '../../lib/local-date.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
  type TestUser,
} from '../cards/cards-test-kit.js';
import { filmParam, payWithCards } from '../payment/payment-test-kit.js';
import {
  consoleCall,
  createOtherSite,
  DEMO_PASSWORDS,
  demoSite,
  staffToken,
} from '../staff/staff-test-kit.js';

type Week = CallAnswer<typeof scheduleWeekCall>;
type BoardSeat = ShowSeatBoard['rows'][number]['seats'][number];
const PASSWORD = '258036';

describeOnEachDatabase('broken seats of a show in the staff console', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  let hallId: string;
  let filmId: string;
  const tokens = { owner: '', manager: '', cashier: '' };
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
    const week = await consoleCall<Week>(t.app, {
      url: `/api/console/schedule/week?cinemaId=${site.firstCinemaId}&from=${today()}`,
      staffToken: tokens.owner,
    });
    hallId = week.body.data.halls[0]!.id;
    filmId = (
      await t.db
        .selectFrom('films')
        .select('id')
        .orderBy('title')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t?.close());

  const today = () => localDateOf(t.clock.now());
  // Demo shows fill the coming week; each test schedules its own show on an empty day further on.
  let dayCursor = 30;
  async function newShow(): Promise<string> {
    const day = addDays(today(), (dayCursor += 1));
    const week = await consoleCall<Week>(t.app, {
      url: `/api/console/schedule/week?cinemaId=${site.firstCinemaId}&from=${day}`,
      staffToken: tokens.manager,
    });
    const hall = week.body.data.halls.find((h) => h.id === hallId)!;
    const created = await consoleCall<ScheduleShow>(t.app, {
      url: '/api/console/shows/create',
      staffToken: tokens.manager,
      body: {
        hallId,
        filmId,
        startAt: localInstant(day, 19 * 60).toISOString(),
        language: '国语',
        format: '2D',
        prices: hall.priceAreas.map((area) => ({
          areaId: area.id,
          priceFen: 6000,
          discountPriceFen: 5000,
        })),
      },
    });
    expect(created.body.code).toBe(0);
    return created.body.data.showId;
  }

  const board = (showId: string, token = tokens.manager) =>
    consoleCall<ShowSeatBoard>(t.app, {
      url: `/api/console/shows/seats?showId=${showId}`,
      staffToken: token,
    });
  const block = (showId: string, seatIds: string[], token = tokens.manager) =>
    consoleCall<ShowSeatBoard>(t.app, {
      url: '/api/console/shows/seats/block',
      staffToken: token,
      body: { showId, seatIds, reason: '座椅靠背损坏' },
    });
  const unblock = (showId: string, seatIds: string[]) =>
    consoleCall<ShowSeatBoard>(t.app, {
      url: '/api/console/shows/seats/unblock',
      staffToken: tokens.manager,
      body: { showId, seatIds },
    });
  const reseat = (showId: string, seatBoard: ShowSeatBoard) =>
    consoleCall<CallAnswer<typeof reseatCall>>(t.app, {
      url: '/api/console/shows/seats/reseat',
      staffToken: tokens.manager,
      body: {
        showId,
        moves: seatBoard.affected.flatMap((order) =>
          (order.proposal ?? []).map((move) => ({
            orderId: order.orderId,
            fromSeatId: move.fromSeatId,
            toSeatId: move.toSeatId,
          })),
        ),
      },
    });
  const hold = (user: TestUser, showId: string, seatIds: string[]) =>
    call<FilmOrder>(t.app, {
      method: 'POST',
      url: '/api/filmOrder/create',
      token: user.token,
      body: { showId, seatIds },
    });
  async function buy(showId: string, seatIds: string[]) {
    const user = await newUser(t);
    await t.db
      .updateTable('users')
      .set({ phone: '13812348000' })
      .where('id', '=', user.userId)
      .execute();
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100_000 });
    const held = await hold(user, showId, seatIds);
    expect(held.body.code).toBe(0);
    const paid = await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(held.body.data.id),
      cardIdList: [card.id],
    });
    expect(paid.body.code).toBe(0);
    return { user, order: held.body.data };
  }
  /** `count` adjacent ordinary seats of one area in the middle of a row with room around them. */
  function seatsInRow(seatBoard: ShowSeatBoard, count: number, rowIndex = 1): BoardSeat[] {
    const row = seatBoard.rows[rowIndex]!.seats.filter((seat) => seat.kind === 'normal');
    const start = Math.floor(row.length / 2) - 1;
    return row.slice(start, start + count);
  }
  const seatStateOnMap = async (showId: string, seatId: string) => {
    const map = await call<CallAnswer<typeof showSeatsCall>>(t.app, {
      url: `/api/show/seats?showId=${showId}`,
    });
    return map.body.data.rows.flatMap((row) => row.seats).find((seat) => seat.id === seatId)!.state;
  };
  const activeRows = (showId: string, seatId: string) =>
    t.db
      .selectFrom('film_order_seats')
      .select(['order_id', 'state', 'price_fen', 'discount_price_fen'])
      .where('show_id', '=', showId)
      .where('seat_id', '=', seatId)
      .where('state', 'in', ['held', 'sold'])
      .execute();

  it('lets owners and the cinema manager in; refuses cashiers, other cinemas, other sites', async () => {
    const showId = await newShow();
    expect((await board(showId, tokens.owner)).body.code).toBe(0);
    expect((await board(showId, tokens.manager)).body.code).toBe(0);
    expect((await board(showId, tokens.cashier)).body.code).toBe(40301);
    const seat = seatsInRow((await board(showId)).body.data, 1)[0]!;
    expect((await block(showId, [seat.id], tokens.cashier)).body.code).toBe(40301);

    const otherCinemaShow = await t.db
      .selectFrom('shows')
      .select('id')
      .where('cinema_id', '=', site.otherCinemaId)
      .limit(1)
      .executeTakeFirstOrThrow();
    const refused = await board(otherCinemaShow.id, tokens.manager);
    expect(refused.body.code).toBe(40301);
    expect((await block(otherCinemaShow.id, [seat.id])).body.code).toBe(40301);

    const other = await createOtherSite(t.db, t.clock, DEMO_PASSWORDS.owner);
    const boss = await staffToken(t.app, 'boss', DEMO_PASSWORDS.owner, other.code);
    const foreign = await consoleCall(t.app, {
      url: `/api/console/shows/seats?showId=${showId}`,
      staffToken: boss,
      site: other.code,
    });
    expect(foreign.body.code).toBe(40401);
    const moviegoer = await newUser(t);
    const withUserToken = await consoleCall(t.app, {
      url: `/api/console/shows/seats?showId=${showId}`,
      token: moviegoer.token,
    });
    expect(withUserToken.body.code).toBe(40101);
    expect(
      await t.db
        .selectFrom('show_seat_blocks')
        .select('id')
        .where('show_id', '=', showId)
        .execute(),
    ).toEqual([]);
  });

  it('blocks a free seat: unavailable to moviegoers, never held, audit-logged; unblock frees it', async () => {
    const showId = await newShow();
    const [seat] = seatsInRow((await board(showId)).body.data, 1);
    const versionBefore = await availabilityVersion(showId);
    const blocked = await block(showId, [seat!.id]);
    expect(blocked.body.code).toBe(0);
    const onBoard = blocked.body.data.rows.flatMap((r) => r.seats).find((s) => s.id === seat!.id)!;
    expect(onBoard.block).toMatchObject({ reason: '座椅靠背损坏' });
    expect(blocked.body.data.affected).toEqual([]);
    expect(await seatStateOnMap(showId, seat!.id)).toBe('unavailable');
    expect(await availabilityVersion(showId)).toBeGreaterThan(versionBefore);

    const user = await newUser(t);
    const refused = await hold(user, showId, [seat!.id]);
    expect(refused.body.code).toBe(40902);
    expect(refused.body.msg).toContain(seatName(seat!.label, 'zh'));
    // The database refuses it too, whatever a caller checked: the row is never written.
    const spare = seatsInRow(blocked.body.data, 4)[3]!;
    const someOrder = (await hold(await newUser(t), showId, [spare.id])).body.data;
    const written = await t.db
      .insertInto('film_order_seats')
      .values({
        order_id: someOrder.id,
        show_id: showId,
        seat_id: seat!.id,
        price_fen: 5000,
        discount_price_fen: 5000,
        hold_expires_at: t.clock.now(),
      })
      .returning('id')
      .execute();
    expect(written).toEqual([]);
    // Blocking again changes nothing and writes no second audit row.
    expect((await block(showId, [seat!.id])).body.code).toBe(0);
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', showId)
      .where('action', '=', 'show.blockSeats')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ seats: [seat!.label], reason: '座椅靠背损坏' });

    const repaired = await unblock(showId, [seat!.id]);
    expect(repaired.body.code).toBe(0);
    expect(
      repaired.body.data.rows.flatMap((r) => r.seats).find((s) => s.id === seat!.id)!.block,
    ).toBeNull();
    expect(await seatStateOnMap(showId, seat!.id)).toBe('available');
    expect((await hold(user, showId, [seat!.id])).body.code).toBe(0);
    const unblockAudits = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_id', '=', showId)
      .where('action', '=', 'show.unblockSeats')
      .execute();
    expect(unblockAudits).toHaveLength(1);
  });

  it('refuses seats of another hall and layout gaps, changing nothing', async () => {
    const showId = await newShow();
    const foreignSeat = await t.db
      .selectFrom('seats')
      .select('id')
      .where('hall_id', '<>', hallId)
      .limit(1)
      .executeTakeFirstOrThrow();
    const answer = await block(showId, [foreignSeat.id]);
    expect(answer.body.code).toBe(42270);
    const empty = await consoleCall(t.app, {
      url: '/api/console/shows/seats/block',
      staffToken: tokens.manager,
      body: { showId, seatIds: [], reason: 'x' },
    });
    expect(empty.body.code).not.toBe(0);
    expect(
      await t.db
        .selectFrom('show_seat_blocks')
        .select('id')
        .where('show_id', '=', showId)
        .execute(),
    ).toEqual([]);
  });

  it('blocking a sold seat lists the order with a proposal; applying moves the buyer', async () => {
    const showId = await newShow();
    const [a, b] = seatsInRow((await board(showId)).body.data, 2);
    const { user, order } = await buy(showId, [a!.id, b!.id]);
    const before = (
      await call<OrderDetail>(t.app, {
        url: `/api/order/detail?orderId=${order.id}`,
        token: user.token,
      })
    ).body.data;
    const [oldRow] = await activeRows(showId, b!.id);

    const blocked = await block(showId, [b!.id]);
    expect(blocked.body.code).toBe(0);
    const [affected] = blocked.body.data.affected;
    expect(affected).toMatchObject({
      orderId: order.id,
      orderNo: order.orderNo,
      status: 'ticketed',
      phone: '138****8000',
      brokenSeats: [{ id: b!.id, label: b!.label }],
    });
    expect(affected!.seats.map((s) => s.label).sort()).toEqual([a!.label, b!.label].sort());
    const [move] = affected!.proposal!;
    const target = blocked.body.data.rows
      .flatMap((r) => r.seats)
      .find((s) => s.id === move!.toSeatId)!;
    expect(target.areaId).toBe(b!.areaId);
    expect(target.state).toBe('available');
    expect(target.block).toBeNull();

    const applied = await reseat(showId, blocked.body.data);
    expect(applied.body.code).toBe(0);
    expect(applied.body.data).toMatchObject({ movedOrders: 1, movedSeats: 1 });
    expect(applied.body.data.board.affected).toEqual([]);
    expect(await activeRows(showId, b!.id)).toEqual([]);
    expect(await activeRows(showId, target.id)).toEqual([
      {
        order_id: order.id,
        state: 'sold',
        price_fen: oldRow!.price_fen,
        discount_price_fen: oldRow!.discount_price_fen,
      },
    ]);
    const after = (
      await call<OrderDetail>(t.app, {
        url: `/api/order/detail?orderId=${order.id}`,
        token: user.token,
      })
    ).body.data;
    expect(after.film!.seats.map((s) => s.label).sort()).toEqual([a!.label, target.label].sort());
    // The party still sits side by side: the free seat on A's other side was the nearest.
    const rowOf = (seatId: string) =>
      blocked.body.data.rows.findIndex((r) => r.seats.some((s) => s.id === seatId));
    expect(rowOf(target.id)).toBe(rowOf(a!.id));
    expect(Math.abs(target.x - a!.x)).toBe(1);
    expect(after.film!.seatChanges).toEqual([
      expect.objectContaining({
        fromLabel: b!.label,
        toLabel: target.label,
        reason: '座椅靠背损坏',
      }),
    ]);
    expect(after.ticket).toEqual(before.ticket);
    expect(after.amount).toBe(before.amount);
    const events = await t.db
      .selectFrom('order_events')
      .select(['from_status', 'to_status', 'reason'])
      .where('order_id', '=', order.id)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(events[0]).toMatchObject({ from_status: 'ticketed', to_status: 'ticketed' });
    expect(events[0]!.reason).toContain(`${b!.label} → ${target.label}`);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'order.reseat')
      .where('entity_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      before: { seats: [b!.label] },
      after: { seats: [target.label] },
    });
    // The buyer is told in the same transaction, with the new seats as moviegoers read them.
    const notice = await t.db
      .selectFrom('notice_outbox')
      .select(['payload', 'sms_state'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'showChanged')
      .executeTakeFirstOrThrow();
    expect(notice.payload).toMatchObject({ change: 'reseated' });
    expect(notice.payload.text).toContain(seatName(target.label, 'zh'));
    expect(notice.sms_state).toBe('pending');
    // The door still takes the same ticket code: the order is checked, with its new seats.
    const checkIn = await consoleCall<{ film: { seats: string[] } | null }>(t.app, {
      url: '/api/console/checkin/lookup',
      staffToken: tokens.cashier,
      body: { code: before.ticket!.code },
    });
    expect(checkIn.body.code).toBe(0);
    expect([...checkIn.body.data.film!.seats].sort()).toEqual([a!.label, target.label].sort());
  });

  it('refuses to apply when a proposed seat was taken meanwhile, with a fresh proposal', async () => {
    const showId = await newShow();
    const [a] = seatsInRow((await board(showId)).body.data, 1);
    const { order } = await buy(showId, [a!.id]);
    const blocked = (await block(showId, [a!.id])).body.data;
    const proposed = blocked.affected[0]!.proposal![0]!.toSeatId;
    const other = await newUser(t);
    expect((await hold(other, showId, [proposed])).body.code).toBe(0);

    const stale = await reseat(showId, blocked);
    expect(stale.body.code).toBe(40939);
    const data = stale.body.data as unknown as { seats: string[]; board: ShowSeatBoard };
    expect(data.seats).toEqual([blocked.affected[0]!.proposal![0]!.toLabel]);
    const fresh = data.board.affected[0]!.proposal![0]!.toSeatId;
    expect(fresh).not.toBe(proposed);
    // Nothing moved: the buyer still owns the broken seat.
    expect(await activeRows(showId, a!.id)).toEqual([
      expect.objectContaining({ order_id: order.id }),
    ]);
    expect(
      await t.db
        .selectFrom('film_order_seat_moves')
        .select('id')
        .where('order_id', '=', order.id)
        .execute(),
    ).toEqual([]);
    // The fresh proposal applies.
    expect((await reseat(showId, data.board)).body.code).toBe(0);
    expect(await activeRows(showId, fresh)).toEqual([
      expect.objectContaining({ order_id: order.id }),
    ]);
  });

  it('a hold of a proposed seat racing the apply: one wins, the seat is never sold twice', async () => {
    const showId = await newShow();
    const [a] = seatsInRow((await board(showId)).body.data, 1);
    await buy(showId, [a!.id]);
    const blocked = (await block(showId, [a!.id])).body.data;
    const proposed = blocked.affected[0]!.proposal![0]!.toSeatId;
    const other = await newUser(t);
    const [applied, held] = await Promise.all([
      reseat(showId, blocked),
      hold(other, showId, [proposed]),
    ]);
    expect([applied.body.code, held.body.code].filter((code) => code === 0)).toHaveLength(1);
    expect(await activeRows(showId, proposed)).toHaveLength(1);
  });

  it('flags an order that cannot be reseated in its area for a refund', async () => {
    const showId = await newShow();
    const seatBoard = (await board(showId)).body.data;
    const [a] = seatsInRow(seatBoard, 1);
    await buy(showId, [a!.id]);
    // Every other seat of the area broken: nowhere to go.
    const rest = seatBoard.rows
      .flatMap((row) => row.seats)
      .filter((seat) => seat.areaId === a!.areaId && seat.kind !== 'unavailable');
    for (let i = 0; i < rest.length; i += 50) {
      expect(
        (
          await block(
            showId,
            rest.slice(i, i + 50).map((s) => s.id),
          )
        ).body.code,
      ).toBe(0);
    }
    const seen = (await board(showId)).body.data;
    expect(seen.affected).toHaveLength(1);
    expect(seen.affected[0]!.proposal).toBeNull();
  });

  async function availabilityVersion(showId: string) {
    const answer = await call<CallAnswer<typeof showAvailabilityCall>>(t.app, {
      url: `/api/show/availability?showId=${showId}`,
    });
    expect(answer.body.data.rows.every((row) => decodeAvailabilityRow(row).length > 0)).toBe(true);
    return answer.body.data.version;
  }
});

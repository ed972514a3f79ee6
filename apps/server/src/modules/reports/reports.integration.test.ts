import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  CardsReport,
  GoodsReport,
  OccupancyReport,
  SalesReport,
  WechatReport,
} from '@marquee/contracts/console';
import { demoVouchers } from '../../db/demo/cards.js';
import { addDays, localDateOf } from '../../lib/local-date.js';
import { sweepExpiredOrders } from '../orders/index.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
  type TestUser,
} from '../cards/cards-test-kit.js';
import {
  filmParam,
  holdSeats,
  orderRow,
  payWithCards,
  payWithWechat,
  sandboxSheet,
} from '../payment/payment-test-kit.js';
import {
  consoleCall,
  createOtherSite,
  DEMO_PASSWORDS,
  demoSite,
  staffToken,
} from '../staff/staff-test-kit.js';
import { createStoreOrder, newGoods, PHONE, storeParam } from '../store/store-test-kit.js';

const PASSWORD = '258036';
const OTHER_OWNER_PASSWORD = 'boss2026x';

/**
 * The reports count known sales made through the real calls: film orders paid by card and by
 * WeChat (the sandbox, with and without its notification), a store order, refunds of both kinds
 * of money, and a voucher recharge.
 */
describeOnEachDatabase('console reports', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  let today: string;
  const tokens = { owner: '', manager: '', cashier: '', otherOwner: '' };
  let otherSite: Awaited<ReturnType<typeof createOtherSite>>;
  let cardsBefore: CardsReport;

  /** What the test made, in fen, to compare with the reports. */
  const made = {
    cardFilm: { orderId: '', fen: 0, seats: 2 },
    cardRefunded: { orderId: '', fen: 0, seats: 1 },
    wechatFilm: { orderId: '', fen: 0, seats: 3 },
    wechatRefunded: { orderId: '', fen: 0, seats: 1 },
    wechatQueried: { orderId: '', orderNo: '', paymentId: '', fen: 0, seats: 1 },
    store: { orderId: '', fen: 0 },
    goods: { name: '', units: [2, 1], prices: [1200, 800] },
    voucherFen: 5000,
    firstShow: { id: '', filmId: '', date: '', forSale: 0 },
    otherShow: { id: '', filmId: '' },
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
    today = localDateOf(t.clock.now());
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
    otherSite = await createOtherSite(t.db, t.clock, OTHER_OWNER_PASSWORD);
    tokens.otherOwner = await staffToken(t.app, 'boss', OTHER_OWNER_PASSWORD, otherSite.code);
    await makeSales();
  });
  afterAll(() => t?.close());

  function report<T>(name: string, query: Record<string, string>, token = tokens.owner) {
    return consoleCall<T>(t.app, {
      url: `/api/console/reports/${name}?${new URLSearchParams(query)}`,
      staffToken: token,
    });
  }

  async function csv(name: string, query: Record<string, string>, token = tokens.owner) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/console/reports/${name}.csv?${new URLSearchParams(query)}`,
      headers: { site: 'www-test', 'x-staff-token': token },
    });
    return response;
  }

  async function buyer(): Promise<TestUser & { cardId: string }> {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100_000 });
    return { ...user, cardId: card.id };
  }

  /** A show of the cinema at least 6 hours ahead, of a film other than `otherThan`'s. */
  async function showOf(cinemaId: string, otherThan?: string) {
    let query = t.db
      .selectFrom('shows')
      .select(['id', 'film_id', 'show_date', 'hall_id'])
      .where('cinema_id', '=', cinemaId)
      .where('start_at', '>', new Date(t.clock.now().getTime() + 6 * 3600_000));
    if (otherThan) query = query.where('film_id', '<>', otherThan);
    return query.orderBy('start_at').orderBy('id').limit(1).executeTakeFirstOrThrow();
  }

  async function payByCard(user: TestUser & { cardId: string }, param: object, phone?: string) {
    const answer = await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param,
      cardIdList: [user.cardId],
      ...(phone ? { phone } : {}),
    });
    expect(answer.body.code).toBe(0);
  }

  async function refund(user: TestUser, orderId: string) {
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: user.token,
      body: { orderId },
    });
    expect(answer.body.code).toBe(0);
  }

  const amountOf = async (orderId: string) => (await orderRow(t, orderId)).amount_fen;

  async function makeSales() {
    const firstShow = await showOf(site.firstCinemaId);
    const otherShow = await showOf(site.otherCinemaId, firstShow.film_id);
    const forSale = await t.db
      .selectFrom('seats')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('hall_id', '=', firstShow.hall_id)
      .where('kind', '<>', 'unavailable')
      .executeTakeFirstOrThrow();
    made.firstShow = {
      id: firstShow.id,
      filmId: firstShow.film_id,
      date: String(firstShow.show_date),
      forSale: Number(forSale.count),
    };
    made.otherShow = { id: otherShow.id, filmId: otherShow.film_id };

    const cardBuyer = await buyer();
    const wechatBuyer = await buyer();
    cardsBefore = (await report<CardsReport>('cards', { from: today, to: today })).body.data;

    // Film orders paid by card at the first cinema; one of them refunded.
    const cardFilm = await holdSeats(t, cardBuyer.token, { count: 2, showId: firstShow.id });
    await payByCard(cardBuyer, filmParam(cardFilm.id));
    made.cardFilm = { orderId: cardFilm.id, fen: await amountOf(cardFilm.id), seats: 2 };
    const cardRefunded = await holdSeats(t, cardBuyer.token, { count: 1, showId: firstShow.id });
    await payByCard(cardBuyer, filmParam(cardRefunded.id));
    await refund(cardBuyer, cardRefunded.id);
    made.cardRefunded = {
      orderId: cardRefunded.id,
      fen: await amountOf(cardRefunded.id),
      seats: 1,
    };

    // Film orders paid by WeChat at the other cinema: notified; notified then refunded; and one
    // whose notice never came, settled by asking WeChat.
    const wechatFilm = await holdSeats(t, wechatBuyer.token, { count: 3, showId: otherShow.id });
    const pay = await payWithWechat(t, wechatBuyer.token, wechatFilm.id);
    await sandboxSheet(t, pay.body.data, 'success');
    made.wechatFilm = { orderId: wechatFilm.id, fen: await amountOf(wechatFilm.id), seats: 3 };
    const wechatRefunded = await holdSeats(t, wechatBuyer.token, {
      count: 1,
      showId: otherShow.id,
    });
    const payRefunded = await payWithWechat(t, wechatBuyer.token, wechatRefunded.id);
    await sandboxSheet(t, payRefunded.body.data, 'success');
    await refund(wechatBuyer, wechatRefunded.id);
    made.wechatRefunded = {
      orderId: wechatRefunded.id,
      fen: await amountOf(wechatRefunded.id),
      seats: 1,
    };
    const queried = await holdSeats(t, wechatBuyer.token, { count: 1, showId: otherShow.id });
    const payQueried = await payWithWechat(t, wechatBuyer.token, queried.id);
    await sandboxSheet(t, payQueried.body.data, 'success', 0);
    t.clock.advance(4);
    const status = await call<{ status: string }>(t.app, {
      url: `/api/payment/status?paymentId=${payQueried.body.data.paymentId}`,
      token: wechatBuyer.token,
    });
    expect(status.body.data.status).toBe('succeeded');
    made.wechatQueried = {
      orderId: queried.id,
      orderNo: queried.orderNo,
      paymentId: payQueried.body.data.paymentId,
      fen: await amountOf(queried.id),
      seats: 1,
    };

    // A store order at the first cinema, paid by card.
    const goods = await newGoods(t, {
      variants: [
        { priceFen: 1200, stock: 10, value: '大杯' },
        { priceFen: 800, stock: 10, value: '小杯' },
      ],
    });
    made.goods.name = goods.name;
    const store = await createStoreOrder(t, cardBuyer.token, {
      cinemaId: site.firstCinemaId,
      items: [
        { goodsInfoId: goods.variants[0]!.id, quantity: 2 },
        { goodsInfoId: goods.variants[1]!.id, quantity: 1 },
      ],
    });
    expect(store.body.code).toBe(0);
    await payByCard(cardBuyer, storeParam(store.body.data.orderId), PHONE);
    made.store = { orderId: store.body.data.orderId, fen: await amountOf(store.body.data.orderId) };

    // A voucher recharge.
    const voucherNo = `98${Date.now().toString().slice(-10)}`;
    await t.db
      .insertInto('top_up_vouchers')
      .values({
        site_id: site.siteId,
        card_no: voucherNo,
        password_hash: demoVouchers[0].passwordHash,
        card_type: 'general',
        amount_fen: made.voucherFen,
      })
      .execute();
    const charged = await call(t.app, {
      method: 'POST',
      url: '/api/expenseRecord/charging',
      token: cardBuyer.token,
      body: { id: voucherNo, password: demoVouchers[0].password },
    });
    expect(charged.body.code).toBe(0);
  }

  const firstCinemaFigures = () => {
    const ticketFen = made.cardFilm.fen + made.cardRefunded.fen;
    return {
      ticketCount: 3,
      ticketFen,
      goodsUnits: 3,
      goodsFen: 3200,
      refundFen: made.cardRefunded.fen,
      netFen: ticketFen + 3200 - made.cardRefunded.fen,
    };
  };
  const otherCinemaFigures = () => {
    const ticketFen = made.wechatFilm.fen + made.wechatRefunded.fen + made.wechatQueried.fen;
    return {
      ticketCount: 5,
      ticketFen,
      goodsUnits: 0,
      goodsFen: 0,
      refundFen: made.wechatRefunded.fen,
      netFen: ticketFen - made.wechatRefunded.fen,
    };
  };

  it('counts sales per day and cinema, on the paid day, with refunds and per film', async () => {
    expect(made.store.fen).toBe(3200);
    const { status, body } = await report<SalesReport>('sales', { from: today, to: today });
    expect(status).toBe(200);
    const first = firstCinemaFigures();
    const other = otherCinemaFigures();
    expect(body.data.days).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ date: today, cinemaId: site.firstCinemaId, ...first }),
        expect.objectContaining({ date: today, cinemaId: site.otherCinemaId, ...other }),
      ]),
    );
    expect(body.data.days).toHaveLength(2);
    expect(body.data.totals).toEqual({
      ticketCount: 8,
      ticketFen: first.ticketFen + other.ticketFen,
      goodsUnits: 3,
      goodsFen: 3200,
      refundFen: first.refundFen + other.refundFen,
      netFen: first.netFen + other.netFen,
    });
    const films = Object.fromEntries(body.data.films.map((film) => [film.filmId, film]));
    expect(films[made.firstShow.filmId]).toMatchObject({
      ticketCount: 3,
      ticketFen: first.ticketFen,
      refundedTickets: 1,
      refundFen: made.cardRefunded.fen,
    });
    expect(films[made.otherShow.filmId]).toMatchObject({
      ticketCount: 5,
      ticketFen: other.ticketFen,
      refundedTickets: 1,
      refundFen: made.wechatRefunded.fen,
    });
    expect(body.data.films).toHaveLength(2);

    const yesterday = await report<SalesReport>('sales', {
      from: addDays(today, -7),
      to: addDays(today, -1),
    });
    expect(yesterday.body.data.days).toEqual([]);
    expect(yesterday.body.data.totals.netFen).toBe(0);
  });

  it('answers the sales report as CSV with a BOM, a header row and yuan', async () => {
    const response = await csv('sales', { from: today, to: today, cinemaId: site.firstCinemaId });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sales-${today}-${today}.csv"`,
    );
    const text = response.body;
    expect(
      text.startsWith(
        '\uFEFF日期,影城,票数,票房(元),卖品件数,卖品收入(元),退款(元),净收入(元)\r\n',
      ),
    ).toBe(true);
    const first = firstCinemaFigures();
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    const name = (
      await t.db
        .selectFrom('cinemas')
        .select('name')
        .where('id', '=', site.firstCinemaId)
        .executeTakeFirstOrThrow()
    ).name;
    const row = `${today},${name},3,${yuan(first.ticketFen)},3,32.00,${yuan(first.refundFen)},${yuan(first.netFen)}`;
    const total = `合计,,3,${yuan(first.ticketFen)},3,32.00,${yuan(first.refundFen)},${yuan(first.netFen)}`;
    expect(text.split('\r\n').slice(1)).toEqual([row, total, '']);
  });

  it('reports occupancy per show: sold seats of the seats for sale', async () => {
    const { body } = await report<OccupancyReport>('occupancy', {
      from: made.firstShow.date,
      to: made.firstShow.date,
      cinemaId: site.firstCinemaId,
    });
    const show = body.data.shows.find((row) => row.showId === made.firstShow.id);
    // Two seats sold; the refunded one is for sale again.
    expect(show).toMatchObject({
      seatsSold: 2,
      seatsForSale: made.firstShow.forSale,
      percent: Math.round((2 * 1000) / made.firstShow.forSale) / 10,
    });
    expect(body.data.shows.every((row) => row.cinemaId === site.firstCinemaId)).toBe(true);
    expect(body.data.totals.seatsSold).toBe(2);
    expect(body.data.totals.showCount).toBe(body.data.shows.length);

    const file = await csv('occupancy', {
      from: made.firstShow.date,
      to: made.firstShow.date,
      cinemaId: site.firstCinemaId,
    });
    const lines = file.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF开场时间,影城,影厅,影片,已售座位,可售座位,上座率(%)');
    expect(lines).toHaveLength(body.data.shows.length + 2);
    expect(
      lines.some((line) =>
        line.endsWith(`,2,${made.firstShow.forSale},${show!.percent.toFixed(1)}`),
      ),
    ).toBe(true);
  });

  it('reports goods per variant, and the same in CSV (English when asked)', async () => {
    const { body } = await report<GoodsReport>('goods', { from: today, to: today });
    expect(body.data.lines).toEqual([
      expect.objectContaining({
        goodsName: made.goods.name,
        variantName: '大杯',
        units: 2,
        revenueFen: 2400,
        refundedUnits: 0,
        refundFen: 0,
      }),
      expect.objectContaining({
        goodsName: made.goods.name,
        variantName: '小杯',
        units: 1,
        revenueFen: 800,
      }),
    ]);
    expect(body.data.totals).toEqual({
      units: 3,
      revenueFen: 3200,
      refundedUnits: 0,
      refundFen: 0,
    });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/console/reports/goods.csv?from=${today}&to=${today}`,
      headers: { site: 'www-test', 'x-staff-token': tokens.owner, 'accept-language': 'en' },
    });
    expect(response.body.split('\r\n')).toEqual([
      '\uFEFFGoods,Variant,Units sold,Revenue (yuan),Units refunded,Refunds (yuan)',
      `${made.goods.name},大杯,2,24.00,0,0.00`,
      `${made.goods.name},小杯,1,8.00,0,0.00`,
      '',
    ]);
  });

  it('reports card liabilities equal to the ledger, and the range’s movements by kind', async () => {
    const { body } = await report<CardsReport>('cards', { from: today, to: today });
    const after = body.data;
    const spentFen = made.cardFilm.fen + made.cardRefunded.fen + made.store.fen;
    expect(after.isBalanced).toBe(true);
    expect(after.balanceFen).toBe(after.ledgerFen);
    expect(after.balanceFen - cardsBefore.balanceFen).toBe(
      made.voucherFen - spentFen + made.cardRefunded.fen,
    );
    const delta = Object.fromEntries(
      after.movements.map((row, index) => [
        row.kind,
        {
          count: row.count - cardsBefore.movements[index]!.count,
          amountFen: row.amountFen - cardsBefore.movements[index]!.amountFen,
        },
      ]),
    );
    expect(delta).toEqual({
      recharge: { count: 1, amountFen: made.voucherFen },
      payment: { count: 3, amountFen: -spentFen },
      refund: { count: 1, amountFen: made.cardRefunded.fen },
      hold: { count: 0, amountFen: 0 },
      hold_release: { count: 0, amountFen: 0 },
      hold_commit: { count: 0, amountFen: 0 },
      adjustment: { count: 0, amountFen: 0 },
    });
    const general = after.byType.find((type) => type.types === 'general');
    expect(general!.cardCount).toBeGreaterThanOrEqual(2);
    expect(after.byType.reduce((sum, type) => sum + type.balanceFen, 0)).toBe(after.balanceFen);

    const file = await csv('cards', { from: today, to: today });
    const lines = file.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF项目,类型,数量,金额(元)');
    expect(lines[1]).toBe(
      `储值卡余额合计,,${after.cardCount},${(after.balanceFen / 100).toFixed(2)}`,
    );
    expect(lines[3]).toBe('余额与流水一致,,,是');
  });

  it('reconciles WeChat Pay: payments, notices, refunds and what to look at', async () => {
    const { body } = await report<WechatReport>('wechat', { from: today, to: today });
    const paidFen = made.wechatFilm.fen + made.wechatRefunded.fen + made.wechatQueried.fen;
    const day = {
      payments: { count: 3, fen: paidFen },
      notifications: { count: 2, paid: 2, autoRefund: 0, alreadySettled: 0 },
      queried: 1,
      refunds: {
        count: 1,
        fen: made.wechatRefunded.fen,
        succeeded: { count: 1, fen: made.wechatRefunded.fen },
        pending: { count: 0, fen: 0 },
        failed: { count: 0, fen: 0 },
        automatic: 0,
      },
    };
    expect(body.data.days).toEqual([{ date: today, ...day }]);
    expect(body.data.totals).toEqual(day);
    expect(body.data.discrepancies).toEqual([
      expect.objectContaining({
        kind: 'noNotification',
        orderId: made.wechatQueried.orderId,
        orderNo: made.wechatQueried.orderNo,
        paymentId: made.wechatQueried.paymentId,
        amountFen: made.wechatQueried.fen,
        status: 'succeeded',
        settledBy: 'query',
      }),
    ]);

    const file = await csv('wechat', { from: today, to: today });
    const lines = file.body.split('\r\n');
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    const figures = `3,${yuan(paidFen)},2,2,0,0,1,1,${yuan(made.wechatRefunded.fen)},${yuan(made.wechatRefunded.fen)},0.00,0.00,0`;
    expect(lines.slice(1)).toEqual([`${today},${figures}`, `合计,${figures}`, '']);
  });

  it('shows a manager only their cinemas and refuses another cinema and the owners’ reports', async () => {
    const mine = await report<SalesReport>('sales', { from: today, to: today }, tokens.manager);
    expect(mine.body.data.cinemas.map((cinema) => cinema.id)).toEqual([site.firstCinemaId]);
    expect(mine.body.data.days).toEqual([
      expect.objectContaining({ cinemaId: site.firstCinemaId, ...firstCinemaFigures() }),
    ]);
    const other = await report(
      'sales',
      { from: today, to: today, cinemaId: site.otherCinemaId },
      tokens.manager,
    );
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 40301, data: { cinemaId: site.otherCinemaId } });
    const otherCsv = await csv(
      'goods',
      { from: today, to: today, cinemaId: site.otherCinemaId },
      tokens.manager,
    );
    expect(otherCsv.statusCode).toBe(403);
    for (const name of ['cards', 'wechat']) {
      expect((await report(name, { from: today, to: today }, tokens.manager)).status).toBe(403);
      expect((await csv(name, { from: today, to: today }, tokens.manager)).statusCode).toBe(403);
    }
  });

  it('refuses cashiers, other sites and no token', async () => {
    const cashier = await report('sales', { from: today, to: today }, tokens.cashier);
    expect(cashier.status).toBe(403);
    expect(cashier.body).toMatchObject({ code: 40301, data: { role: 'cashier' } });
    expect((await csv('sales', { from: today, to: today }, tokens.cashier)).statusCode).toBe(403);

    // Another chain's owner: not on our site, and not our cinema from theirs.
    const wrongSite = await report('sales', { from: today, to: today }, tokens.otherOwner);
    expect(wrongSite.status).toBe(401);
    const fromTheirs = await consoleCall(t.app, {
      url: `/api/console/reports/sales?from=${today}&to=${today}&cinemaId=${site.firstCinemaId}`,
      staffToken: tokens.otherOwner,
      site: otherSite.code,
    });
    expect(fromTheirs.status).toBe(403);
    const theirOwn = await consoleCall<SalesReport>(t.app, {
      url: `/api/console/reports/sales?from=${today}&to=${today}`,
      staffToken: tokens.otherOwner,
      site: otherSite.code,
    });
    expect(theirOwn.body.data.days).toEqual([]);
    expect(theirOwn.body.data.cinemas.map((cinema) => cinema.id)).toEqual([otherSite.cinemaId]);
    const theirCards = await consoleCall<CardsReport>(t.app, {
      url: `/api/console/reports/cards?from=${today}&to=${today}`,
      staffToken: tokens.otherOwner,
      site: otherSite.code,
    });
    expect(theirCards.body.data).toMatchObject({ balanceFen: 0, ledgerFen: 0, cardCount: 0 });

    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/console/reports/sales.csv?from=${today}&to=${today}`,
      headers: { site: 'www-test' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a range backwards, longer than 92 days or malformed, writing nothing', async () => {
    const auditBefore = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    const cases: Record<string, string>[] = [
      { from: today, to: addDays(today, -1) },
      { from: addDays(today, -92), to: today },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: today },
    ];
    for (const query of cases) {
      for (const name of ['sales', 'occupancy', 'goods', 'cards', 'wechat']) {
        const answer = await report(name, query);
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe(40001);
        expect((await csv(name, query)).statusCode).toBe(400);
      }
    }
    const backwards = await report('sales', cases[0]!);
    expect(backwards.body.data).toMatchObject({ fields: ['query.to'] });
    const longest = await report<SalesReport>('sales', { from: addDays(today, -91), to: today });
    expect(longest.status).toBe(200);
    const auditAfter = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.count)).toBe(Number(auditBefore.count));
  });

  it('lists automatic refunds, and refunds WeChat failed or left pending for over an hour', async () => {
    // The clock moves on by up to 77 minutes below: late in the evening that is tomorrow (the
    // WeChat report counts calendar days, as WeChat's own bills do).
    const wechat = () => report<WechatReport>('wechat', { from: today, to: addDays(today, 1) });
    const before = (await wechat()).body.data;
    // Money that arrives after the seat hold ran out: learnt by asking WeChat, sent back at once.
    const user = await newUser(t);
    const order = await holdSeats(t, user.token, { count: 1, showId: made.otherShow.id });
    const pay = await payWithWechat(t, user.token, order.id);
    await sandboxSheet(t, pay.body.data, 'success', 0);
    t.clock.advance(16 * 60);
    try {
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
      const status = await call<{ isAutoRefunded: boolean }>(t.app, {
        url: `/api/payment/status?paymentId=${pay.body.data.paymentId}`,
        token: user.token,
      });
      expect(status.body.data.isAutoRefunded).toBe(true);
      const fen = await amountOf(order.id);
      const after = (await wechat()).body.data;
      expect(after.totals.payments).toEqual({
        count: before.totals.payments.count + 1,
        fen: before.totals.payments.fen + fen,
      });
      expect(after.totals.notifications).toEqual(before.totals.notifications);
      expect(after.totals.queried).toBe(before.totals.queried + 1);
      expect(after.totals.refunds).toMatchObject({
        count: before.totals.refunds.count + 1,
        automatic: before.totals.refunds.automatic + 1,
        succeeded: {
          count: before.totals.refunds.succeeded.count + 1,
          fen: before.totals.refunds.succeeded.fen + fen,
        },
      });
      const mine = (kinds: WechatReport['discrepancies']) =>
        kinds.filter((row) => row.orderId === order.id).map((row) => [row.kind, row.settledBy]);
      expect(mine(after.discrepancies)).toEqual([
        ['autoRefund', null],
        ['noNotification', 'query'],
      ]);

      // WeChat refusing the refund, or still processing it an hour later, is listed too.
      const refundRow = () => t.db.updateTable('payment_refunds').where('order_id', '=', order.id);
      await refundRow().set({ status: 'failed' }).execute();
      expect(mine((await wechat()).body.data.discrepancies)).toContainEqual(['refundFailed', null]);
      await refundRow().set({ status: 'pending' }).execute();
      expect(mine((await wechat()).body.data.discrepancies)).not.toContainEqual([
        'refundPending',
        null,
      ]);
      t.clock.advance(61 * 60);
      try {
        tokens.owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
        expect(mine((await wechat()).body.data.discrepancies)).toContainEqual([
          'refundPending',
          null,
        ]);
      } finally {
        t.clock.advance(-61 * 60);
      }
      await refundRow().set({ status: 'succeeded' }).execute();
    } finally {
      t.clock.advance(-16 * 60);
      tokens.owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
    }
  });
});

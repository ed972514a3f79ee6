import {
  fenToYuan,
  goodsImagePath,
  maskPhone,
  MOBILE_PHONE_PATTERN,
  orderEventReasons,
  seatName,
  type NameLang,
} from '@marquee/contracts';
import type { CallAnswer } from '@marquee/contracts';
import type {
  CounterCard,
  CounterSale,
  CounterShow,
  counterGoodsListCall,
  counterShowsCall,
} from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff, SiteRow } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { businessDateOf, localInstant } from '../../lib/local-date.js';
import { isUuid } from '../../lib/uuid.js';
import { findShowWithLayout, showInfoOf } from '../cinema/index.js';
import { getFilmOrderView, setFilmOrderGoods } from '../film-order/index.js';
import type { SeatHolds } from '../seat-holds/index.js';
import { findOrder, markCounterSale, withdrawUnpaidOrder, type OrderRow } from '../orders/index.js';
import {
  closeGivenUp,
  giveUpCounterAttempt,
  payProviderFor,
  type PaymentDeps,
  type PaymentLog,
} from '../payment/index.js';
import { siteSettings } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import { createStoreOrder, goodsLinesOfOrders, variantName } from '../store/index.js';
import * as saleRepository from './counter-sale.repository.js';
import { cinemaOf, type CinemaGuard } from './shifts.service.js';
import * as shiftsRepository from './shifts.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Shows started this long ago are still offered (a latecomer buys a ticket at the door). */
const STARTED_SHOWS_MINUTES = 30;
const DAY_MS = 24 * 3600_000;

/**
 * Today's shows of a cinema for the till's tiles: the business day's shows not started more than
 * half an hour ago, with seats left now (held and sold seats, blocked ones and non-seats apart).
 */
export async function listTodaysShows(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  input: { cinemaId?: string },
  guard: CinemaGuard,
  lang: NameLang,
): Promise<CallAnswer<typeof counterShowsCall>> {
  const cinemaId = cinemaOf(staff, input.cinemaId);
  await guard(cinemaId);
  const now = deps.clock.now();
  const businessDate = businessDateOf(now);
  const dayStart = localInstant(businessDate, 6 * 60);
  const from = new Date(
    Math.max(dayStart.getTime(), now.getTime() - STARTED_SHOWS_MINUTES * 60_000),
  );
  const rows = await saleRepository.listShowsOfCinema(deps.db, {
    siteId: site.id,
    cinemaId,
    from,
    to: new Date(dayStart.getTime() + DAY_MS),
    now,
  });
  const settings = siteSettings(site);
  const shows: CounterShow[] = [];
  let cinemaName = '';
  for (const row of rows) {
    const layout = await findShowWithLayout(deps.db, site.id, row.id);
    if (!layout) continue;
    const info = showInfoOf(layout.show, lang);
    cinemaName = layout.show.cinema_name;
    const salesCloseAt =
      new Date(layout.show.start_at).getTime() - settings.salesCloseMinutes * 60_000;
    shows.push({
      showId: info.showId,
      filmId: info.filmId,
      filmTitle: info.filmTitle,
      posterUrl: info.posterUrl,
      hallName: info.hallName,
      language: info.language,
      format: info.format,
      startAt: info.startAt,
      endAt: info.endAt,
      seatsTotal: row.seats_total,
      seatsLeft: Math.max(0, row.seats_total - row.seats_taken),
      fromPrice: fenToYuan(row.from_price_fen ?? 0),
      isSelling: layout.show.is_on_sale && salesCloseAt > now.getTime(),
    });
  }
  if (!cinemaName) {
    const cinema = await deps.db
      .selectFrom('cinemas')
      .select('name')
      .where('id', '=', cinemaId)
      .executeTakeFirst();
    cinemaName = cinema?.name ?? '';
  }
  return { cinemaId, cinemaName, businessDate, shows };
}

/**
 * Hold seats at the counter: the moviegoers' hold path (`hold_film_seats`, the seat rules, the
 * seat announcer) for the cashier's counter customer, lasting `counterHoldMinutes`; the order then
 * becomes a counter sale of the cashier (decision 043).
 */
export async function holdAtCounter(
  deps: Deps & { seatHolds: SeatHolds },
  site: SiteRow,
  staff: SignedInStaff,
  input: { showId: string; seatIds: string[] },
  guard: CinemaGuard,
  lang: NameLang,
): Promise<CounterSale> {
  const layout = await findShowWithLayout(deps.db, site.id, input.showId);
  if (!layout) throw notFound('Show', '场次');
  await guard(layout.show.cinema_id);
  const userId = await counterUserOf(deps, site, staff);
  const held = await deps.seatHolds.hold(site, { id: userId }, input, lang, {
    holdMinutes: siteSettings(site).counterHoldMinutes,
  });
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markCounterSale(trx, held.id, staff.id))) {
      throw new AppError('HOLD_EXPIRED', { orderId: held.id, kind: 'film' });
    }
  });
  return readSale(deps.db, site, held.id, lang);
}

/**
 * Snacks only, no ticket: a store order of the cinema's goods (stock taken, all or nothing) for
 * the cashier's counter customer, waiting `counterHoldMinutes`; then a counter sale of the cashier.
 */
export async function sellSnacksAtCounter(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  input: { cinemaId?: string; items: { goodsInfoId: string; quantity: number }[] },
  guard: CinemaGuard,
  lang: NameLang,
): Promise<CounterSale> {
  const cinemaId = cinemaOf(staff, input.cinemaId);
  await guard(cinemaId);
  const userId = await counterUserOf(deps, site, staff);
  const orderId = await createStoreOrder(
    deps,
    site,
    { id: userId },
    {
      cinemaId,
      phone: null,
      items: input.items,
      holdMinutes: siteSettings(site).counterHoldMinutes,
    },
  );
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markCounterSale(trx, orderId, staff.id))) {
      throw new AppError('HOLD_EXPIRED', { orderId, kind: 'store' });
    }
  });
  return readSale(deps.db, site, orderId, lang);
}

/** The snacks of the sale, as a whole: the film order's snack step for the counter customer. */
export async function setCounterGoods(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  input: { orderId: string; items: { goodsInfoId: string; quantity: number }[] },
  guard: CinemaGuard,
  lang: NameLang,
): Promise<CounterSale> {
  const order = await findCounterSale(deps.db, site, input.orderId, guard);
  await setFilmOrderGoods(deps, site, { id: order.user_id, siteId: site.id }, input);
  return readSale(deps.db, site, order.id, lang);
}

export async function getCounterSale(
  deps: Deps,
  site: SiteRow,
  orderId: string,
  guard: CinemaGuard,
  lang: NameLang,
): Promise<CounterSale> {
  const order = await findCounterSale(deps.db, site, orderId, guard);
  return readSale(deps.db, site, order.id, lang);
}

/**
 * The customer walked away: the seats and snacks go back at once, and so does a payment under way
 * (a split's held card part released, a WeChat part cancelled and closed at WeChat after commit;
 * money WeChat took meanwhile is refunded automatically). Audited.
 */
export async function cancelCounterSale(
  deps: PaymentDeps,
  site: SiteRow,
  staff: SignedInStaff,
  orderId: string,
  context: { log: PaymentLog },
  guard: CinemaGuard,
  lang: NameLang,
): Promise<CounterSale> {
  const order = await findCounterSale(deps.db, site, orderId, guard);
  const now = deps.clock.now();
  const toClose = await deps.db.transaction().execute(async (trx) => {
    await withdrawUnpaidOrder(trx, {
      orderId: order.id,
      kind: order.kind,
      userId: order.user_id,
      now,
      expiredReason: orderEventReasons.holdExpired,
      notFound: () => notFound('Order', '订单'),
    });
    await recordAudit(trx, site, staff, now, {
      action: 'counter.sale',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: 'cancelled' },
    });
    return giveUpCounterAttempt(trx, order.id, now);
  });
  await closeGivenUp(deps, () => payProviderFor(deps, site), site, toClose, context.log);
  return readSale(deps.db, site, order.id, lang);
}

export async function listCounterGoods(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  input: { cinemaId?: string },
  guard: CinemaGuard,
): Promise<CallAnswer<typeof counterGoodsListCall>> {
  const cinemaId = cinemaOf(staff, input.cinemaId);
  await guard(cinemaId);
  const rows = await saleRepository.listGoodsOnSale(deps.db, site.id, cinemaId);
  const list: CallAnswer<typeof counterGoodsListCall>['list'] = [];
  for (const row of rows) {
    let goods = list.find((item) => item.goodsId === row.goods_id);
    if (!goods) {
      goods = {
        goodsId: row.goods_id,
        goodsName: row.goods_name,
        categoryName: row.category_name,
        imageUrl: goodsImagePath(row.goods_id),
        variants: [],
      };
      list.push(goods);
    }
    goods.variants.push({
      goodsInfoId: row.variant_id,
      goodsInfoName: variantName(row.specs),
      price: fenToYuan(row.price_fen),
      stock: row.stock,
    });
  }
  return { list };
}

/**
 * A member's cards at the till: by card number, by the 11-digit phone bound to the member, or by
 * what the till's scanner reads off the member's phone (the card number or phone it shows).
 */
export async function findMemberCards(
  deps: Deps,
  site: SiteRow,
  q: string,
): Promise<{ list: CounterCard[] }> {
  const text = q.replace(/[\s-]/g, '').replace(/^MARQUEE:CARD:/i, '');
  const rows = MOBILE_PHONE_PATTERN.test(text)
    ? await saleRepository.findCards(deps.db, site.id, { phone: text })
    : await saleRepository.findCards(deps.db, site.id, { cardNo: text });
  const types = new Map(
    (await saleRepository.cardTypeNames(deps.db, site.id)).map((type) => [type.code, type.name]),
  );
  return {
    list: rows.map((row) => ({
      cardId: row.id,
      cardNo: row.card_no,
      name: row.name,
      cardTypeNames: row.card_types.map((code) => types.get(code) ?? code),
      balance: fenToYuan(row.balance_fen),
      phoneMasked: row.phone ? maskPhone(row.phone) : null,
      nickname: row.nickname,
      hasPayPassword: row.pay_password_hash !== null,
    })),
  };
}

/** The staff member's counter customer (decision 043), made on first use. */
export async function counterUserOf(
  deps: Pick<AppDeps, 'db'>,
  site: SiteRow,
  staff: SignedInStaff,
): Promise<string> {
  const existing = await shiftsRepository.findCounterUserId(deps.db, staff.id);
  if (existing) return existing;
  return deps.db.transaction().execute((trx) =>
    shiftsRepository.insertCounterUser(trx, {
      siteId: site.id,
      staffId: staff.id,
      nickname: `柜台散客（${staff.displayName}）`,
    }),
  );
}

/** A counter sale of this site at a cinema the caller covers; 40401 for anything else. */
export async function findCounterSale(
  db: Executor,
  site: SiteRow,
  orderId: string,
  guard: CinemaGuard,
): Promise<OrderRow> {
  const order = isUuid(orderId) ? await findOrder(db, orderId) : undefined;
  if (!order || order.site_id !== site.id || order.channel !== 'counter' || !order.cinema_id) {
    throw notFound('Order', '订单');
  }
  await guard(order.cinema_id);
  return order;
}

/** The sale as the till shows it. */
export async function readSale(
  db: Executor,
  site: SiteRow,
  orderId: string,
  lang: NameLang,
): Promise<CounterSale> {
  const order = (await findOrder(db, orderId))!;
  const view = await getFilmOrderView(db, orderId, undefined, lang);
  const payments = await saleRepository.listPaymentsOf(db, orderId);
  const soldBy = order.sold_by_staff_id
    ? await saleRepository.findStaffName(db, order.sold_by_staff_id)
    : undefined;
  const lines =
    order.kind === 'store'
      ? ((await goodsLinesOfOrders(db, [order.id])).get(order.id) ?? [])
      : (view?.goods ?? []);
  const goods = lines.map((line) => ({
    goodsInfoId: line.goodsInfoId,
    goodsName: line.goodsName,
    goodsInfoName: line.goodsInfoName,
    quantity: line.quantity,
    price: line.price,
    amount: line.amount,
  }));
  const isPaid = ['paid', 'ticketed', 'ready', 'used', 'refunded'].includes(order.status);
  // A snacks-only sale is a store order: its pickup code is the snacks' code.
  const isStore = order.kind === 'store';
  const goodsFen = isStore ? order.amount_fen : order.goods_fen - order.goods_discount_fen;
  return {
    orderId: order.id,
    orderNo: order.order_no,
    status: view?.status ?? order.status,
    cinemaId: order.cinema_id ?? '',
    show: view
      ? {
          showId: view.showInfo.showId,
          filmTitle: view.showInfo.filmTitle,
          hallName: view.showInfo.hallName,
          startAt: view.showInfo.startAt,
          endAt: view.showInfo.endAt,
          language: view.showInfo.language,
          format: view.showInfo.format,
        }
      : null,
    seats: (view?.seats ?? []).map((seat) => ({
      seatId: seat.id,
      label: seatName(seat.label, lang),
      price: seat.discountPrice,
    })),
    goods,
    ticketsAmount: fenToYuan(order.amount_fen - goodsFen),
    goodsAmount: fenToYuan(goodsFen),
    amount: fenToYuan(order.amount_fen),
    holdExpiresAt: order.pay_deadline_at.toISOString(),
    soldBy: soldBy?.display_name ?? null,
    paidAt: order.paid_at?.toISOString() ?? null,
    payments: payments.map((payment) => ({
      method: payment.method,
      amount: fenToYuan(payment.amount_fen),
    })),
    ticketCode: isPaid && !isStore ? order.pickup_code : null,
    goodsCode: isPaid ? (isStore ? order.pickup_code : order.goods_code) : null,
  };
}

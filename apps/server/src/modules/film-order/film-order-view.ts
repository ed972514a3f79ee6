import {
  fenToYuan,
  filmOrderTotal,
  type FilmOrder,
  type NameLang,
  type StoreOrderLine,
} from '@marquee/contracts';
import type { Selectable } from 'kysely';
import type { Executor, OrdersTable } from '../../db/schema.js';
import { isUuid } from '../../lib/uuid.js';
import {
  cinemaInfoOf,
  findShowWithLayout,
  showInfoOf,
  type ShowWithLayout,
} from '../cinema/index.js';
import type { HoldOrderView } from '../seat-holds/index.js';
import { goodsLinesOfOrders } from '../store/index.js';
import * as filmOrderRepository from './film-order.repository.js';

type OrderRow = Selectable<OrdersTable>;

export type FilmOrderView = FilmOrder & { userId: string; siteId: string };

/**
 * An order with its seats, show and cinema, as order pages show it. `now`, when given, makes an
 * unpaid order past its deadline read as expired even before the sweep has moved it, and is the
 * answer's serverTime (else the order's last update). Names are in `lang` (decision 027).
 */
export async function getFilmOrderView(
  db: Executor,
  orderId: string,
  now?: Date,
  lang: NameLang = 'zh',
): Promise<FilmOrderView | null> {
  if (!isUuid(orderId)) return null;
  const order = await filmOrderRepository.findFilmOrder(db, orderId);
  if (!order) return null;
  const allSeats = await filmOrderRepository.listOrderSeats(db, order.id);
  // The order is for the show of its latest seats: an exchange left the old ones released.
  const latest = allSeats.reduce<(typeof allSeats)[number] | undefined>(
    (last, seat) => (last === undefined || seat.id > last.id ? seat : last),
    undefined,
  );
  const showId = latest?.show_id;
  const seats = allSeats.filter((seat) => seat.show_id === showId);
  const layout = showId ? await findShowWithLayout(db, order.site_id, showId) : undefined;
  if (!layout) return null;
  const goods = order.goods_fen > 0 ? (await goodsLinesOfOrders(db, [order.id])).get(order.id) : [];
  return viewOf(order, layout.show, seats, now, lang, goods);
}

/** The answer shape of an order from rows already in hand. */
export function viewOf(
  order: OrderRow,
  show: ShowWithLayout['show'],
  seats: {
    seat_id: string;
    label: string;
    area_id: string | null;
    price_fen: number;
    discount_price_fen: number;
  }[],
  now?: Date,
  lang: NameLang = 'zh',
  goods: StoreOrderLine[] = [],
): FilmOrderView {
  const showInfo = showInfoOf(show, lang);
  const cinemaInfo = cinemaInfoOf(show, lang);
  const seatViews = seats.map((seat) => ({
    id: seat.seat_id,
    label: seat.label,
    areaId: seat.area_id,
    price: fenToYuan(seat.price_fen),
    discountPrice: fenToYuan(seat.discount_price_fen),
  }));
  const isOverdue =
    now !== undefined &&
    order.status === 'pending_payment' &&
    order.pay_deadline_at.getTime() <= now.getTime();
  return {
    id: order.id,
    userId: order.user_id,
    siteId: order.site_id,
    orderNo: order.order_no,
    status: isOverdue ? 'expired' : order.status,
    showInfo,
    cinemaInfo,
    seats: seatViews,
    total: filmOrderTotal({ cinemaInfo, showInfo, seats: seatViews }) ?? 0,
    goods,
    goodsTotal: fenToYuan(order.goods_fen),
    holdExpiresAt: order.pay_deadline_at.toISOString(),
    createdAt: order.created_at.toISOString(),
    paidAt: order.paid_at ? order.paid_at.toISOString() : null,
    serverTime: (now ?? order.updated_at).toISOString(),
  };
}

/** A new hold's order as its page shows it (no goods yet), without whose and which site's. */
export const holdOrderView: HoldOrderView = (order, show, seats, now, lang) => {
  const { userId: _userId, siteId: _siteId, ...answer } = viewOf(order, show, seats, now, lang);
  return answer;
};

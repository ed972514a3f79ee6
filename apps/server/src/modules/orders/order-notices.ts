import { formatYuan, type OrderStatus } from '@marquee/contracts';
import type { Executor, NoticeKind } from '../../db/schema.js';
import { enqueueNotice } from '../notices/index.js';
import { stepsOf } from './order-kinds.js';
import * as ordersRepository from './orders.repository.js';

/** The statuses the moviegoer hears about, and the notice each one sends. */
const NOTICE_OF: Partial<Record<OrderStatus, NoticeKind>> = {
  ticketed: 'paid',
  ready: 'ready',
  refunded: 'refunded',
};

/**
 * After a transition, inside its transaction: write the notice the new status sends (paid with
 * seats and code, ready for pickup, refunded) to the outbox, with what it will say.
 */
export async function enqueueOrderNotice(
  trx: Executor,
  orderId: string,
  to: OrderStatus,
  at: Date,
) {
  const kind = NOTICE_OF[to];
  if (kind) await enqueueNoticeOf(trx, orderId, kind, at);
}

/** A done exchange (改签成功, decision 031): the notice says the new show, seats and code. */
export function enqueueExchangeNotice(trx: Executor, orderId: string, at: Date) {
  return enqueueNoticeOf(trx, orderId, 'exchanged', at);
}

async function enqueueNoticeOf(trx: Executor, orderId: string, kind: NoticeKind, at: Date) {
  const order = (await ordersRepository.findById(trx, orderId))!;
  const part = await stepsOf(order.kind).detail(trx, order);
  const film = part.film;
  const store = part.store;
  await enqueueNotice(trx, {
    siteId: order.site_id,
    userId: order.user_id,
    orderId: order.id,
    kind,
    at,
    payload: {
      orderNo: order.order_no,
      title:
        film?.showInfo.filmTitle ??
        store?.items.map((item) => `${item.goodsName}×${item.quantity}`).join('、') ??
        '',
      cinema: film?.cinemaInfo.name ?? store?.cinemaInfo.name ?? '',
      ...(film ? { startAt: film.showInfo.startAt, hall: film.showInfo.hallName } : {}),
      ...(film ? { seats: film.seats.map((seat) => seat.label).join(' ') } : {}),
      ...(kind === 'refunded' ? {} : { code: order.pickup_code ?? '' }),
      amount: formatYuan(order.amount_fen),
    },
  });
}

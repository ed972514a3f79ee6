import {
  canTransition,
  orderEventReasons,
  orderStatuses,
  type OrderKind,
  type OrderStatus,
} from '@marquee/contracts';
import type { Insertable } from 'kysely';
import type { Executor, OrdersTable } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { lockOrder } from '../order-lock/index.js';
import { newOrderCode, newOrderNo } from './order-codes.js';
import { enqueueOrderNotice } from './order-notices.js';
import { exchangeCompletion, stepsOf, type OrderRow } from './order-kinds.js';
import * as ordersRepository from './orders.repository.js';

/**
 * The order lifecycle: pending_payment → paid → ticketed (film) | ready (store) → used; cancelled,
 * expired, refunded. An order moves only through `transitionOrder` (the contracts' table, checked
 * again by a database trigger), and what it holds moves with it through its kind's steps.
 */

/** Lock the order row for the rest of the transaction (the one order lock, modules/order-lock). */
export { lockOrder };

export function findOrder(db: Executor, orderId: string): Promise<OrderRow | undefined> {
  return ordersRepository.findById(db, orderId);
}

/**
 * Re-price an unpaid order for its coupon: `amount_fen` stays what must be paid, `discount_fen`
 * the coupon's part (their sum is the price before the coupon). The caller holds the order lock.
 */
export async function setOrderDiscount(
  trx: Executor,
  orderId: string,
  amountFen: number,
  discountFen: number,
  goodsDiscountFen = 0,
): Promise<void> {
  await ordersRepository.setDiscount(trx, orderId, amountFen, discountFen, goodsDiscountFen);
}

/**
 * The snacks of an unpaid film order changed (decision 029): it now charges its seats plus
 * `goodsFen`, with no coupon until the caller prices its coupon again. The caller holds the order
 * lock; answers the order as it now is.
 */
export async function setOrderGoods(
  trx: Executor,
  orderId: string,
  goodsFen: number,
): Promise<OrderRow> {
  const ticketsFen = await ordersRepository.seatsFenOf(trx, orderId);
  await ordersRepository.setGoods(trx, orderId, ticketsFen, goodsFen);
  return (await ordersRepository.findById(trx, orderId))!;
}

/** A goods-only refund of a film order's snacks, once; false when picked up or done before. */
export function markOrderGoodsRefunded(
  trx: Executor,
  orderId: string,
  refund: { fen: number; at: Date },
): Promise<boolean> {
  return ordersRepository.markGoodsRefunded(trx, orderId, refund);
}

/**
 * A seat hold taken at the box office becomes a counter sale of `staffId` (decision 043): the
 * hold's statement writes every order as online, so the counter names itself right after it, and
 * only an unpaid order can change. False when the order is no longer unpaid.
 */
export function markCounterSale(trx: Executor, orderId: string, staffId: string): Promise<boolean> {
  return ordersRepository.markCounterSale(trx, orderId, staffId);
}

/**
 * A counter sale paid with a member's card is handed to the member inside the paying transaction
 * (the caller holds the order lock): the card ledger pays only its owner's orders, and the member
 * finds the tickets in the app (decision 043).
 */
export async function handOrderToMember(
  trx: Executor,
  order: OrderRow,
  memberUserId: string,
  now: Date,
): Promise<OrderRow> {
  await ordersRepository.setUser(trx, order.id, memberUserId, now);
  return { ...order, user_id: memberUserId, updated_at: now };
}

/** The buyer's phone, given while paying (a store order's counter may call it). */
export async function setOrderPhone(trx: Executor, orderId: string, phone: string): Promise<void> {
  await ordersRepository.setPhone(trx, orderId, phone);
}

/**
 * The one way an order changes status: checked against the transition table here and again by the
 * database trigger, recorded in order_events, and safe against a concurrent move (compare-and-set).
 */
export async function transitionOrder(
  trx: Executor,
  order: { id: string; status: OrderStatus },
  to: OrderStatus,
  reason: string,
  extra: ordersRepository.OrderMoveExtra = {},
): Promise<void> {
  if (!canTransition(order.status, to)) {
    throw new AppError('ORDER_STATE_INVALID', { status: order.status, to });
  }
  const moved = await ordersRepository.updateStatus(trx, order.id, order.status, to, extra);
  if (!moved) {
    const current = await ordersRepository.findById(trx, order.id);
    throw new AppError('ORDER_STATE_INVALID', { status: current?.status ?? 'missing', to });
  }
  await ordersRepository.insertEvent(trx, { orderId: order.id, from: order.status, to, reason });
}

/**
 * A change to an order that keeps its status (staff moved its seats): one more event in its trail,
 * from and to the status it has, with the reason its buyer reads. The caller holds the order's lock.
 */
export async function recordOrderChange(
  trx: Executor,
  order: { id: string; status: OrderStatus },
  reason: string,
): Promise<void> {
  await ordersRepository.insertEvent(trx, {
    orderId: order.id,
    from: order.status,
    to: order.status,
    reason,
  });
}

/** A new unpaid order with its first event, inside the caller's transaction. */
export async function createOrder(
  trx: Executor,
  order: Omit<Insertable<OrdersTable>, 'order_no' | 'status'> & { created_at: Date },
  reason: string,
): Promise<OrderRow> {
  const inserted = await ordersRepository.insertOrder(trx, {
    ...order,
    order_no: newOrderNo(order.created_at),
  });
  await ordersRepository.insertEvent(trx, {
    orderId: inserted.id,
    from: null,
    to: 'pending_payment',
    reason,
  });
  return inserted;
}

/**
 * Inside the paying transaction (which locked the order and collected its money): pending_payment
 * → paid, then its kind sells what it held and a code is issued (film → ticketed with a ticket
 * code, store → ready with a pickup code). Throws (rolling the payment back) when what it held was
 * given up meanwhile. The notice of it (paid, ready) goes to the outbox in the same transaction.
 * Answers the order's new status.
 */
export async function fulfilPaidOrder(
  trx: Executor,
  order: OrderRow,
  now: Date,
  reason: string,
): Promise<OrderStatus> {
  // An exchange order's payment moves the seats of the order it exchanges (decision 031).
  if (order.exchange_of !== null) return exchangeCompletion()(trx, order, now, reason);
  const steps = stepsOf(order.kind);
  await transitionOrder(trx, order, 'paid', reason, { paid_at: now });
  await steps.sell(trx, order.id);
  const code = await newOrderCode(trx, order.site_id, order.kind);
  // Snacks of a film order get a pickup code of their own for the counter (decision 029).
  const goodsCode =
    order.goods_fen > 0 ? await newOrderCode(trx, order.site_id, 'store') : undefined;
  const issued = steps.fulfilledStatus;
  await transitionOrder(
    trx,
    { id: order.id, status: 'paid' },
    issued,
    issued === 'ticketed' ? orderEventReasons.ticketIssued : orderEventReasons.readyForPickup,
    { pickup_code: code, ...(goodsCode ? { goods_code: goodsCode } : {}) },
  );
  await enqueueOrderNotice(trx, order.id, issued, now);
  return issued;
}

/**
 * Inside the exchange transaction (which locked the order and moved its seats): a ticketed order
 * gets a new ticket code and its new price; the old code no longer admits. The event trail records
 * it as ticketed → ticketed. Answers the new code.
 */
export async function reissueTicket(
  trx: Executor,
  order: OrderRow,
  change: { amountFen: number; now: Date },
): Promise<string> {
  const code = await newOrderCode(trx, order.site_id, order.kind);
  const isDone = await ordersRepository.reissueTicket(trx, order.id, { ...change, code });
  if (!isDone || order.status !== 'ticketed') {
    throw new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'ticketed' });
  }
  await ordersRepository.insertEvent(trx, {
    orderId: order.id,
    from: 'ticketed',
    to: 'ticketed',
    reason: orderEventReasons.ticketExchanged,
  });
  return code;
}

/** Expiry, cancel or refund, after the transition: what the orders held is free for others again. */
export async function releaseOrders(
  trx: Executor,
  orders: readonly Pick<OrderRow, 'id' | 'kind'>[],
): Promise<void> {
  for (const kind of ['film', 'store'] as const satisfies readonly OrderKind[]) {
    const ids = orders.filter((order) => order.kind === kind).map((order) => order.id);
    if (ids.length > 0) await stepsOf(kind).release(trx, ids);
  }
}

/**
 * The user withdraws an unpaid order, inside the caller's transaction: the order is locked and
 * moves to 'cancelled' (or 'expired' once its deadline has passed), and what it held is given
 * back. An order already cancelled or expired stays as it is; a paid one is refused with
 * ORDER_STATE_INVALID; someone else's, or one of another kind, is `notFound()`.
 */
export async function withdrawUnpaidOrder(
  trx: Executor,
  request: {
    orderId: string;
    kind: OrderKind;
    userId: string;
    now: Date;
    expiredReason: string;
    notFound: () => Error;
  },
): Promise<void> {
  const order = await lockOrder(trx, request.orderId);
  if (!order || order.kind !== request.kind || order.user_id !== request.userId) {
    throw request.notFound();
  }
  if (order.status === 'cancelled' || order.status === 'expired') return;
  if (order.status !== 'pending_payment') {
    throw new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'cancelled' });
  }
  const isOverdue = order.pay_deadline_at.getTime() <= request.now.getTime();
  await transitionOrder(
    trx,
    order,
    isOverdue ? 'expired' : 'cancelled',
    isOverdue ? request.expiredReason : orderEventReasons.cancelledByUser,
  );
  await releaseOrders(trx, [order]);
}

/**
 * Expire these unpaid orders if they are past their deadline (locked in id order, so two callers
 * queue instead of deadlocking) and give back what they held. Answers the orders expired here.
 */
export async function expireOverdueOrders(
  trx: Executor,
  orderIds: readonly string[],
  now: Date,
  reason: string,
): Promise<string[]> {
  const expired: OrderRow[] = [];
  for (const orderId of [...orderIds].sort()) {
    const order = await lockOrder(trx, orderId);
    if (!order || order.status !== 'pending_payment') continue;
    if (order.pay_deadline_at.getTime() > now.getTime()) continue;
    await transitionOrder(trx, order, 'expired', reason);
    expired.push(order);
  }
  await releaseOrders(trx, expired);
  return expired.map((order) => order.id);
}

/**
 * The paid exchange orders of an order (decision 031): their money is part of what the order
 * cost, and goes back with it. Each is locked (after the order, `lockOrder`'s order).
 */
export async function lockPaidExchangeOrders(trx: Executor, orderId: string): Promise<OrderRow[]> {
  const rows = await ordersRepository.listExchangeOrders(trx, orderId, ['paid']);
  const locked: OrderRow[] = [];
  for (const row of rows) {
    const order = await lockOrder(trx, row.id);
    if (order?.status === 'paid') locked.push(order);
  }
  return locked;
}

/** The order whose page shows this one: the exchanged order of an exchange order, else itself. */
export async function rootOrderIdOf(db: Executor, orderId: string): Promise<string> {
  return (await ordersRepository.findExchangeOf(db, orderId)) ?? orderId;
}

/** The ids of an order and its exchange orders (whose money is shown and refunded with it). */
export async function orderFamilyIds(db: Executor, orderId: string): Promise<string[]> {
  const children = await ordersRepository.listExchangeOrders(db, orderId, orderStatuses);
  return [orderId, ...children.map((child) => child.id)];
}

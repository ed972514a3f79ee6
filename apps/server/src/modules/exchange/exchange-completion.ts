import type { OrderStatus } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { handOverExchangeSeats, hasExchange, recordExchange } from '../film-order/index.js';
import {
  enqueueExchangeNotice,
  lockOrder,
  reissueTicket,
  transitionOrder,
  type ExchangeCompletion,
  type OrderRow,
} from '../orders/index.js';

/**
 * The payment of a dearer exchange's difference (decision 031), inside the paying transaction of
 * its exchange order (cards, or a WeChat notice or query: the one `fulfilPaidOrder` call of every
 * payment), which locked the original order and then the exchange order (`lockOrder`):
 *   1. the exchange order: pending_payment → paid (it gets no code; only the original admits)
 *   2. the original order is still ticketed and never exchanged, else EXCHANGE_GONE
 *   3. its sold seats are released and the exchange order's held seats become its sold seats
 *      (HOLD_EXPIRED when they lapsed meanwhile)
 *   4. a new ticket code and the new total (what was paid plus the difference), the history row
 *      naming the exchange order, and the 改签成功 notice
 * Any refusal rolls the payment back: a card payment answers it and charges nothing; WeChat money
 * takes the late path and is refunded (settle.service), the ticket untouched either way.
 */
export const completeExchange: ExchangeCompletion = async (
  trx: Executor,
  exchangeOrder: OrderRow,
  now: Date,
  reason: string,
): Promise<OrderStatus> => {
  const order = await lockOrder(trx, exchangeOrder.exchange_of!);
  await transitionOrder(trx, exchangeOrder, 'paid', reason, { paid_at: now });
  if (
    !order ||
    order.status !== 'ticketed' ||
    order.pickup_code === null ||
    (await hasExchange(trx, order.id))
  ) {
    throw new AppError('EXCHANGE_GONE', { orderId: exchangeOrder.exchange_of });
  }
  const moved = await handOverExchangeSeats(trx, {
    exchangeOrderId: exchangeOrder.id,
    orderId: order.id,
  });
  const toAmountFen = order.amount_fen + exchangeOrder.amount_fen;
  const code = await reissueTicket(trx, order, { amountFen: toAmountFen, now });
  await recordExchange(trx, {
    orderId: order.id,
    fromShowId: moved.fromShowId,
    toShowId: moved.toShowId,
    fromSeatLabels: moved.fromSeatLabels,
    toSeatLabels: moved.toSeatLabels,
    fromTicketCode: order.pickup_code,
    toTicketCode: code,
    fromAmountFen: order.amount_fen,
    toAmountFen,
    differenceOrderId: exchangeOrder.id,
    now,
  });
  await enqueueExchangeNotice(trx, order.id, now);
  return 'paid';
};

/**
 * What an order's status trail (`order_events.reason`) says, and how staff and moviegoers read it.
 * The server (and the SQL of `hold_film_seats`, for seatsHeld and the hold… reasons) writes these fixed English reasons (an operator's log reads the same in any
 * language); pages show them in the reader's language through `describeOrderEvent`. A reason
 * typed by staff (a refund's, a cancelled show's) is shown as written.
 */
export const orderEventReasons = {
  seatsHeld: 'seats held',
  stockReserved: 'stock reserved',
  paidByCard: 'paid by card',
  paidByWechat: 'paid by WeChat Pay',
  paidInCash: 'paid in cash at the counter',
  ticketIssued: 'ticket issued',
  readyForPickup: 'ready for pickup',
  cancelledByUser: 'cancelled by user',
  holdExpired: 'hold expired',
  holdReplaced: 'replaced by a new hold',
  holdTakenOver: 'hold expired (seats taken over)',
  deadlinePassed: 'payment deadline passed',
  deadlinePassedSweep: 'payment deadline passed (sweep)',
  deadlinePassedStockGone: 'payment deadline passed (stock taken over)',
  paidTooLate: 'payment arrived after the hold expired',
  refundedByUser: 'refunded by the user',
  ticketExchanged: 'ticket exchanged for another show',
  exchangeSeatsHeld: 'exchange seats held, awaiting the difference',
  exchangeDifferencePaid: 'exchange difference paid',
  exchangeWithdrawn: 'exchange cancelled: the original order was refunded',
} as const;

/** Reasons with a name in them: `checked in by <username>`, `refunded by staff <username>: <why>`. */
export const checkedInBy = (username: string) => `checked in by ${username}`;
export const refundedByStaff = (username: string, why: string) =>
  `refunded by staff ${username}: ${why}`;
/** Staff moved the order off a broken seat: `seats moved by staff <username>: D2 → C2 (<why>)`. */
export const seatsMovedByStaff = (username: string, moves: string, why: string) =>
  `seats moved by staff ${username}: ${moves} (${why})`;

type Lang = 'zh' | 'en';
type ReasonKey = keyof typeof orderEventReasons;

const texts: Record<ReasonKey, Record<Lang, string>> = {
  seatsHeld: { zh: '锁定座位，待支付', en: 'Seats held, awaiting payment' },
  stockReserved: { zh: '预留商品，待支付', en: 'Goods reserved, awaiting payment' },
  paidByCard: { zh: '会员卡支付成功', en: 'Paid by card' },
  paidByWechat: { zh: '微信支付成功', en: 'Paid with WeChat Pay' },
  paidInCash: { zh: '柜台现金支付', en: 'Paid in cash at the counter' },
  ticketIssued: { zh: '已出票', en: 'Ticket issued' },
  readyForPickup: { zh: '可取货', en: 'Ready for pickup' },
  cancelledByUser: { zh: '用户取消订单', en: 'Cancelled by the moviegoer' },
  holdExpired: { zh: '锁座超时未支付', en: 'Seat hold expired unpaid' },
  holdReplaced: { zh: '重新选座，原订单取消', en: 'Replaced by a new choice of seats' },
  holdTakenOver: {
    zh: '锁座超时未支付，座位已被他人选走',
    en: 'Seat hold expired unpaid; the seats went to another buyer',
  },
  deadlinePassed: { zh: '超过支付期限', en: 'Payment deadline passed' },
  deadlinePassedSweep: { zh: '超过支付期限（系统关闭）', en: 'Payment deadline passed (closed)' },
  deadlinePassedStockGone: {
    zh: '超过支付期限，商品已被他人买走',
    en: 'Payment deadline passed; the stock went to another buyer',
  },
  paidTooLate: {
    zh: '付款晚于锁座期限，已自动退款',
    en: 'Paid after the hold expired: refunded automatically',
  },
  refundedByUser: { zh: '用户申请退款', en: 'Refunded at the moviegoer’s request' },
  ticketExchanged: {
    zh: '改签成功，已换新票',
    en: 'Exchanged for another show; new ticket issued',
  },
  exchangeSeatsHeld: {
    zh: '改签锁定新座位，待补差价',
    en: 'Exchange seats held, awaiting the difference',
  },
  exchangeDifferencePaid: { zh: '改签差价已支付', en: 'Exchange difference paid' },
  exchangeWithdrawn: {
    zh: '原订单已退款，改签取消，新座位已释放',
    en: 'Exchange cancelled: the original order was refunded and the new seats released',
  },
};

const byReason = new Map(
  (Object.keys(orderEventReasons) as ReasonKey[]).map((key) => [orderEventReasons[key], key]),
);

/** An event's reason in the reader's language; a reason we do not know is shown as written. */
export function describeOrderEvent(reason: string, lang: Lang): string {
  const key = byReason.get(reason as (typeof orderEventReasons)[ReasonKey]);
  if (key) return texts[key][lang];
  const checkIn = /^checked in by (.+)$/.exec(reason);
  if (checkIn) return lang === 'zh' ? `由 ${checkIn[1]} 核销` : `Checked in by ${checkIn[1]}`;
  const moved = /^seats moved by staff ([^:]+): (.*) \((.*)\)$/s.exec(reason);
  if (moved) {
    const [, who, moves, why] = moved;
    return lang === 'zh'
      ? `员工 ${who} 调整座位：${moves}（座位损坏：${why}）`
      : `Seats moved by staff ${who}: ${moves} (broken seat: ${why})`;
  }
  const staffRefund = /^refunded by staff ([^:]+): ?(.*)$/s.exec(reason);
  if (staffRefund) {
    const [, who, why] = staffRefund;
    if (lang === 'zh') return why ? `员工 ${who} 退款：${why}` : `员工 ${who} 退款`;
    return why ? `Refunded by staff ${who}: ${why}` : `Refunded by staff ${who}`;
  }
  return reason;
}

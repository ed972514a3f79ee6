import { defineMessages } from '@/lib/i18n/i18n';

/** The snacks of a film order on its detail and in the order list (decision 029). */
export const orderSnackMessages = defineMessages(
  {
    snacks: '小食',
    pickupCode: '小食取货码',
    pickupQrAlt: '小食取货二维码，取货码 {code}',
    pickupHint: '请到{cinema}卖品柜台出示二维码或取货码领取小食；电影票凭上方取票码入场',
    stateUnpaid: '待支付',
    stateToPickUp: '待取货',
    statePickedUp: '已取货',
    stateRefunded: '已退款',
    stateReleased: '已取消',
    pickedUpAt: '已于 {time} 取货',
    refundedAt: '小食已于 {time} 退款 ¥{amount}',
    snacksTotal: '小食合计',
    discount: '优惠',
    refundGoods: '只退小食',
    refundGoodsHint: '小食未取货前可单独退款，电影票不受影响',
    refundGoodsConfirmTitle: '只退小食？',
    refundGoodsConfirmText: '将退还小食部分 ¥{amount}，按原支付方式原路退回；电影票仍然有效。',
    refundGoodsConfirm: '确认退小食',
    keepGoods: '再想想',
    refundGoodsDone: '小食已退款',
    lineQuantity: '×{quantity}',
    refundAllConfirmText: '座位将被释放，小食一并退款；会员卡金额立即退回，微信支付原路退回。',
    refundAfterPickup: '小食已取货，不能在线退票；如需退票请到影院柜台办理',
  },
  {
    snacks: 'Snacks',
    pickupCode: 'Snack pickup code',
    pickupQrAlt: 'Snack pickup QR code, pickup code {code}',
    pickupHint:
      'Show the QR code or the pickup code at the snack counter of {cinema}; the ticket code above admits you to the show',
    stateUnpaid: 'Unpaid',
    stateToPickUp: 'To pick up',
    statePickedUp: 'Picked up',
    stateRefunded: 'Refunded',
    stateReleased: 'Cancelled',
    pickedUpAt: 'Picked up at {time}',
    refundedAt: 'Snacks refunded at {time}: ¥{amount}',
    snacksTotal: 'Snacks total',
    discount: 'Discount',
    refundGoods: 'Refund the snacks only',
    refundGoodsHint:
      'Until you pick them up, the snacks can be refunded alone; your tickets stay valid.',
    refundGoodsConfirmTitle: 'Refund the snacks only?',
    refundGoodsConfirmText:
      '¥{amount} for the snacks goes back the way you paid; your tickets stay valid.',
    refundGoodsConfirm: 'Refund snacks',
    keepGoods: 'Keep them',
    refundGoodsDone: 'The snacks were refunded',
    lineQuantity: '×{quantity}',
    refundAllConfirmText:
      'The seats are released and the snacks refunded too; card money comes back at once, WeChat Pay the way you paid.',
    refundAfterPickup:
      'The snacks were picked up, so the tickets cannot be refunded online; ask at the cinema counter.',
  },
);

/**
 * The closed catalogue of non-zero answer codes. Each has a symbolic name, an HTTP status and a
 * message in both languages; `details` fill the specific message ("Seat C7 was just taken").
 * Codes never change meaning once shipped: add new ones, never renumber. The staff console's
 * codes are the rest of the catalogue, in `console/errors.ts` (so the moviegoers' bundle does not
 * carry them); `fullErrorCatalogue` there is the whole closed set the server answers with.
 */
import { formatYuan, yuanToFen } from './money.js';
import { seatNames } from './rules/seat-name.js';

export type Lang = 'zh' | 'en';

type Details = Record<string, unknown>;
type Message = (details: Details) => string;

export interface ErrorDefinition {
  code: number;
  status: number;
  zh: Message;
  en: Message;
}

const list = (value: unknown): string =>
  Array.isArray(value) ? value.join(', ') : String(value ?? '');
/** Seat labels ("C6") as moviegoers read them ("C排6座"), joined per language. */
const seats = (value: unknown, lang: 'zh' | 'en'): string =>
  Array.isArray(value) ? seatNames(value.map(String), lang) : String(value ?? '');
const yuan = (value: unknown): string => formatYuan(yuanToFen(Number(value ?? 0)));
const minutes = (value: unknown): string => String(Math.max(1, Math.ceil(Number(value ?? 0) / 60)));

export const errorCatalogue = {
  SESSION_INVALID: {
    code: -1001,
    status: 401,
    zh: () => '登录已失效，请重新登录',
    en: () => 'Your session has ended. Please sign in again.',
  },
  VALIDATION_FAILED: {
    code: 40001,
    status: 400,
    zh: (d) => (d.hint ? String(d.hint) : `请求内容有误：${list(d.fields)}`),
    en: (d) =>
      d.hintEn || d.hint
        ? String(d.hintEn ?? d.hint)
        : `Some fields are not valid: ${list(d.fields)}`,
  },
  SITE_UNKNOWN: {
    code: 40002,
    status: 400,
    zh: (d) =>
      d.site
        ? `未知的站点「${String(d.site)}」，请检查访问地址`
        : '请求缺少站点（site 请求头），请从影城的访问地址打开',
    en: (d) =>
      d.site
        ? `Unknown site "${String(d.site)}". Check the address you opened.`
        : 'The request names no site (the "site" header). Open the app from your cinema\'s address.',
  },
  LOGIN_CODE_INVALID: {
    code: 40003,
    status: 400,
    zh: () => '授权码无效或已过期，请重新授权登录',
    en: () => 'The sign-in code is invalid or has expired. Please sign in again.',
  },
  NOT_FOUND: {
    code: 40401,
    status: 404,
    zh: (d) => `${String(d.what ?? '内容')}不存在或已下架`,
    en: (d) => `${String(d.whatEn ?? d.what ?? 'That item')} was not found.`,
  },
  METHOD_NOT_ALLOWED: {
    code: 40501,
    status: 405,
    zh: (d) =>
      `${String(d.path ?? '该接口')} 不支持 ${String(d.method ?? '')} 请求，请使用 ${String(d.allow ?? '')}`,
    en: (d) =>
      `${String(d.path ?? 'This call')} does not take ${String(d.method ?? 'this method')}; use ${String(d.allow ?? 'another method')}.`,
  },
  CONFLICT: {
    code: 40901,
    status: 409,
    // A paying call that lost to a coupon change (or a change of snacks) names the new price.
    zh: (d) =>
      d.reason === 'priceChanged'
        ? `订单金额刚刚变为 ¥${yuan(d.payAmount)}，未扣款，请确认金额后重新支付`
        : '数据已被修改，请刷新后重试',
    en: (d) =>
      d.reason === 'priceChanged'
        ? `The order's price just changed to ¥${yuan(d.payAmount)}. Nothing was charged; check the amount and pay again.`
        : 'This was changed meanwhile. Refresh and try again.',
  },
  SEAT_UNAVAILABLE: {
    code: 40902,
    status: 409,
    zh: (d) => `${seats(d.seats, 'zh')} 刚刚被别人选走了，请重新选座`,
    en: (d) => `Just taken: ${seats(d.seats, 'en')}. Please pick another seat.`,
  },
  SEAT_RULE_VIOLATION: {
    code: 42201,
    status: 422,
    zh: (d) => String(d.hint ?? '所选座位不符合选座规则'),
    en: (d) => String(d.hintEn ?? d.hint ?? 'The chosen seats break the seat rules.'),
  },
  HOLD_EXPIRED: {
    code: 42202,
    status: 422,
    zh: (d) =>
      d.kind === 'store'
        ? '订单已超时，商品已释放，请重新下单'
        : '订单已超时，座位已释放，请重新选座',
    en: (d) =>
      d.kind === 'store'
        ? 'The order timed out and its items were released. Please order again.'
        : 'The order timed out and its seats were released. Please choose seats again.',
  },
  ORDER_STATE_INVALID: {
    code: 42203,
    status: 422,
    zh: (d) => `订单当前状态（${String(d.status ?? '')}）不能执行此操作`,
    en: (d) => `The order's status (${String(d.status ?? '')}) does not allow this.`,
  },
  INSUFFICIENT_BALANCE: {
    code: 42204,
    status: 422,
    zh: () => '卡内余额不足，请充值或换一种支付方式',
    en: () => 'Not enough balance on the card. Recharge it or choose another payment.',
  },
  CARD_NOT_USABLE: {
    code: 42205,
    status: 422,
    zh: () => '所选会员卡不能用于此订单',
    en: () => 'The chosen card cannot pay for this order.',
  },
  PAY_PASSWORD_WRONG: {
    code: 42206,
    status: 422,
    zh: (d) => `支付密码错误，还可尝试 ${String(d.triesLeft ?? '')} 次`,
    en: (d) => `Wrong pay password. ${String(d.triesLeft ?? '')} tries left.`,
  },
  PAY_PASSWORD_LOCKED: {
    code: 42207,
    status: 423,
    zh: (d) => `支付密码错误次数过多，请 ${minutes(d.retryAfterSeconds)} 分钟后再试`,
    en: (d) => `Too many wrong pay passwords. Try again in ${minutes(d.retryAfterSeconds)} min.`,
  },
  PHONE_CODE_WRONG: {
    code: 42280,
    status: 422,
    zh: (d) => `验证码错误，还可尝试 ${String(d.triesLeft ?? '')} 次`,
    en: (d) => `Wrong code. ${String(d.triesLeft ?? '')} tries left.`,
  },
  PHONE_CODE_EXPIRED: {
    code: 42281,
    status: 422,
    zh: () => '验证码已失效（过期、已使用或错误次数过多），请重新获取',
    en: () => 'This code no longer works (expired, used or too many tries). Ask for a new one.',
  },
  PHONE_NOT_BOUND: {
    code: 42282,
    status: 422,
    zh: () => '账户还没有绑定手机号，请先绑定手机号',
    en: () => 'No phone number is bound to your account yet. Bind one first.',
  },
  PHONE_CHANGE_NEEDS_PROOF: {
    code: 42283,
    status: 403,
    zh: () => '更换已绑定的手机号需要先验证原手机号（短信验证码）或支付密码',
    en: () =>
      'To change the linked phone, first confirm the current one (a texted code) or your pay password.',
  },
  PAY_PASSWORD_RESET_HELD: {
    code: 42284,
    status: 423,
    zh: (d) =>
      `手机号刚刚更换，为保护账户资金，24 小时内不能用短信重置支付密码；请于 ${String(d.opensAtText ?? '')}（北京时间）后再试`,
    en: (d) =>
      `Your phone was changed recently: to protect your balance, resetting the pay password by text is possible again from ${String(d.opensAtText ?? '')} (China time).`,
  },
  FIRST_PAY_PASSWORD_NEEDS_PROOF: {
    code: 42286,
    status: 403,
    zh: (d) =>
      d.proof === 'phoneCode'
        ? '账户里的卡有余额，首次设置支付密码需要先验证绑定的手机号：请获取短信验证码并填写'
        : '账户里的卡有余额，首次设置支付密码需要重新进行微信授权：请重新授权后再设置',
    en: (d) =>
      d.proof === 'phoneCode'
        ? 'Your cards hold money, so setting a first pay password needs a code texted to your bound phone. Ask for one and enter it.'
        : 'Your cards hold money, so setting a first pay password needs a fresh WeChat authorisation. Authorise again, then set it.',
  },
  HAND_OFF_INVALID: {
    code: 40004,
    status: 400,
    zh: () => '登录链接无效或已过期（2 分钟内有效，只能使用一次），请重新获取链接',
    en: () =>
      'This sign-in link is invalid or has expired (it works once, within 2 minutes). Ask for a new one.',
  },
  SET_TOKEN_RAW_OFF: {
    code: 40005,
    status: 400,
    zh: () => '本影城不接受携带登录凭证的链接，请使用一次性登录链接',
    en: () =>
      'This cinema does not accept links that carry a session. Use a one-time sign-in link.',
  },
  PREFERENCE_UNKNOWN: {
    code: 42315,
    status: 422,
    zh: (d) => `没有这项设置：${list(d.names)}`,
    en: (d) => `There is no such setting: ${list(d.names)}.`,
  },
  PREFERENCE_VALUE_INVALID: {
    code: 42316,
    status: 422,
    zh: (d) => `设置「${list(d.names)}」只能打开或关闭（true 或 false）`,
    en: (d) => `The setting "${list(d.names)}" can only be on or off (true or false).`,
  },
  PREFERENCES_EMPTY: {
    code: 42317,
    status: 422,
    zh: () => '没有要保存的设置，请选择要修改的设置项',
    en: () => 'Nothing to save. Choose a setting to change.',
  },
  SMS_UNAVAILABLE: {
    code: 50203,
    status: 502,
    zh: () => '短信服务暂不可用，请稍后再试或联系影城',
    en: () => 'Text messages cannot be sent right now. Try later or ask the cinema.',
  },
  SMS_PROVIDER_MISCONFIGURED: {
    code: 50204,
    status: 502,
    zh: () => '影城的短信服务设置有误，验证码没有发出，请联系影城；本次不计入发送次数',
    en: () =>
      "The cinema's text-message service is set up wrongly, so no code was sent. Please tell the cinema; this try does not count.",
  },
  SMS_DELIVERY_UNKNOWN: {
    code: 50205,
    status: 504,
    zh: () => '短信服务没有及时答复，验证码可能稍后送达；如 1 分钟后仍未收到，请重新获取',
    en: () =>
      'The text-message service did not answer in time. The code may still arrive; if it has not in a minute, ask for a new one.',
  },
  SMS_SEND_FAILED: {
    code: 50206,
    status: 502,
    zh: () => '短信暂时发不出去，验证码没有发出，请稍后重新获取；本次不计入发送次数',
    en: () =>
      'Text messages cannot be sent right now, so no code was sent. Try again shortly; this try does not count.',
  },
  SMS_PHONE_REJECTED: {
    code: 42355,
    status: 422,
    zh: () => '这个手机号收不到短信（号码有误，或已退订短信），请检查号码或换一个号码',
    en: () =>
      'This number cannot receive text messages (it is wrong, or has opted out of them). Check it or use another number.',
  },
  PAY_PASSWORD_NOT_SET: {
    code: 42208,
    status: 422,
    zh: () => '请先设置支付密码',
    en: () => 'Set a pay password first.',
  },
  VOUCHER_INVALID: {
    code: 42209,
    status: 422,
    zh: () => '卡号或卡密错误，请核对后重试',
    en: () => 'The card number or card password is wrong. Check them and try again.',
  },
  OUT_OF_STOCK: {
    code: 42210,
    status: 409,
    zh: (d) =>
      d.available === 0
        ? `${String(d.name ?? '商品')}已售罄，请换一款`
        : d.available === undefined
          ? `${String(d.name ?? '商品')}库存不足，请减少数量`
          : `${String(d.name ?? '商品')}仅剩 ${String(d.available)} 件，请减少数量`,
    en: (d) =>
      d.available === 0
        ? `${String(d.name ?? 'This item')} is sold out. Please pick something else.`
        : d.available === undefined
          ? `${String(d.name ?? 'This item')} does not have enough stock. Lower the quantity.`
          : `Only ${String(d.available)} of ${String(d.name ?? 'this item')} left. Lower the quantity.`,
  },
  PAYLOAD_STALE: {
    code: 42211,
    status: 422,
    zh: () => '密码信息已过期，请重新输入',
    en: () => 'The password entry expired. Please enter it again.',
  },
  PAY_PASSWORD_WEAK: {
    code: 42212,
    status: 422,
    zh: () => '支付密码须为 6 位数字，且不能过于简单（如 123456）',
    en: () => 'The pay password must be 6 digits, not an easy one like 123456.',
  },
  VOUCHER_USED: {
    code: 42213,
    status: 422,
    zh: () => '这张充值卡已经使用过了',
    en: () => 'This top-up card has already been used.',
  },
  VOUCHER_NOT_REDEEMABLE: {
    code: 42217,
    status: 422,
    zh: (d) =>
      d.problem === 'expired' ? '这张充值卡已过期，不能再充值' : '这张充值卡已作废，不能充值',
    en: (d) =>
      d.problem === 'expired'
        ? 'This top-up card has expired and can no longer be used.'
        : 'This top-up card has been voided and cannot be used.',
  },
  SHOW_NOT_ON_SALE: {
    code: 42230,
    status: 422,
    zh: () => '该场次已开场或停止售票，请选择其他场次',
    en: () => 'This show has started or is no longer on sale. Choose another show.',
  },
  SHOW_SALES_CLOSED: {
    code: 42231,
    status: 422,
    zh: (d) =>
      Number(d.salesCloseMinutes ?? 0) > 0
        ? `该场次开场前 ${String(d.salesCloseMinutes)} 分钟停止在线售票，请选择其他场次`
        : '该场次即将开场，已停止在线售票，请选择其他场次',
    en: (d) =>
      Number(d.salesCloseMinutes ?? 0) > 0
        ? `Online sales close ${String(d.salesCloseMinutes)} minutes before the show. Choose another show.`
        : 'This show is about to start and online sales have closed. Choose another show.',
  },
  RATE_LIMITED: {
    code: 42901,
    status: 429,
    zh: (d) => `操作太频繁，请 ${String(d.retryAfterSeconds ?? 60)} 秒后再试`,
    en: (d) => `Too many requests. Try again in ${String(d.retryAfterSeconds ?? 60)} s.`,
  },
  PAYMENT_IN_PROGRESS: {
    code: 40920,
    status: 409,
    zh: (d) =>
      d.reason === 'couponWhilePaying'
        ? '订单正在支付中，不能更换优惠券；请完成或关闭支付后再试'
        : d.paymentId
          ? '该订单的另一笔支付正在发起中，请稍候几秒再试'
          : '支付处理中，请稍候',
    en: (d) =>
      d.reason === 'couponWhilePaying'
        ? 'This order is being paid, so its coupon cannot change. Finish or close the payment first.'
        : d.paymentId
          ? 'Another payment for this order is being started. Wait a few seconds and try again.'
          : 'The payment is still being processed.',
  },
  REFUND_NOT_ALLOWED: {
    code: 42220,
    status: 422,
    zh: (d) => `已过退票截止时间 ${String(d.allowedUntilText ?? '')}，不能退票`,
    en: (d) => `Refunds closed at ${String(d.allowedUntilText ?? '')}.`,
  },
  COUPON_CODE_INVALID: {
    code: 42260,
    status: 422,
    zh: () => '优惠码无效或活动已结束，请核对后重试',
    en: () => 'This promo code is not valid or its campaign has ended. Check it and try again.',
  },
  COUPON_LIMIT_REACHED: {
    code: 42261,
    status: 422,
    zh: (d) => `每人最多领取 ${String(d.perUserLimit ?? '')} 张，您已领完`,
    en: (d) => `Each person may get ${String(d.perUserLimit ?? '')}; you already have them all.`,
  },
  COUPON_SOLD_OUT: {
    code: 42262,
    status: 422,
    zh: () => '优惠券已被领完',
    en: () => 'All coupons of this campaign have been given out.',
  },
  COUPON_NOT_APPLICABLE: {
    code: 42263,
    status: 422,
    zh: () => '该优惠券不适用于此订单，请选择其他优惠券',
    en: () => 'This coupon cannot be used on this order. Choose another one.',
  },
  COUPON_TAKEN: {
    code: 40970,
    status: 409,
    zh: () => '该优惠券已被其他订单使用，请选择其他优惠券',
    en: () => 'This coupon is already used on another order. Choose another one.',
  },
  EXCHANGE_NOT_ALLOWED: {
    code: 42221,
    status: 422,
    zh: (d) =>
      d.allowedUntilText
        ? `已过改签截止时间 ${String(d.allowedUntilText)}，不能改签`
        : '该订单当前不能改签',
    en: (d) =>
      d.allowedUntilText
        ? `Exchanges closed at ${String(d.allowedUntilText)}.`
        : 'This order cannot be exchanged now.',
  },
  ALREADY_EXCHANGED: {
    code: 42222,
    status: 422,
    zh: () => '该订单已改签过一次，不能再次改签',
    en: () => 'This order has already been exchanged once and cannot be exchanged again.',
  },
  EXCHANGE_SHOW_INVALID: {
    code: 42223,
    status: 422,
    zh: () => '只能改签到同一影院、同一影片的其他场次，请重新选择场次',
    en: () => 'You can only exchange for another show of the same film at the same cinema.',
  },
  EXCHANGE_COSTS_MORE: {
    code: 42224,
    status: 422,
    // No longer answered since decision 031 (a dearer exchange pays the difference); kept stable.
    zh: (d) =>
      `所选座位比原票贵 ${String(d.extra ?? '')} 元，暂不支持补差价改签，请选择价格不高于原票的座位`,
    en: (d) =>
      `These seats cost ${String(d.extra ?? '')} yuan more than your ticket. Choose seats that cost the same or less.`,
  },
  EXCHANGE_PENDING: {
    code: 40990,
    status: 409,
    zh: () => '该订单有一笔改签正在等待补差价，请先完成支付或取消那次改签',
    en: () =>
      'An exchange of this order is waiting for its difference to be paid. Pay it or cancel that exchange first.',
  },
  EXCHANGE_GONE: {
    code: 42345,
    status: 422,
    zh: () => '原订单已退票或已改签，这次改签不能再完成，款项不会被扣取或将原路退回',
    en: () =>
      'The original order was refunded or exchanged meanwhile, so this exchange cannot complete. Nothing is charged, or it goes back to you.',
  },
  SNACKS_NOT_CHANGEABLE: {
    code: 42320,
    status: 422,
    zh: () => '订单已支付、取消或过期，不能再修改卖品',
    en: () => 'This order is paid, cancelled or expired: its snacks can no longer be changed.',
  },
  GOODS_PICKED_UP: {
    code: 42321,
    status: 422,
    zh: () => '卖品已取货，不能退卖品；如需帮助请到柜台',
    en: () => 'The snacks were already picked up and cannot be refunded. Ask at the counter.',
  },
  GOODS_ALREADY_REFUNDED: {
    code: 42322,
    status: 422,
    zh: () => '该订单的卖品已退款',
    en: () => 'The snacks of this order were already refunded.',
  },
  GOODS_REFUND_NOT_ALLOWED: {
    code: 42323,
    status: 422,
    zh: () => '该订单没有可退的卖品',
    en: () => 'This order has no snacks that can be refunded.',
  },
  TICKETS_REFUND_AFTER_PICKUP: {
    code: 42324,
    status: 422,
    zh: () => '卖品已取货，不能在线退票，请到柜台办理',
    en: () =>
      'The snacks were picked up, so the tickets cannot be refunded online. Ask at the counter.',
  },
  SNACKS_CHANGE_WHILE_PAYING: {
    code: 40985,
    status: 409,
    zh: () => '订单正在支付中，不能修改卖品；请完成或关闭支付后再试',
    en: () =>
      'A payment of this order is under way. Finish or close it before changing the snacks.',
  },
  PAYMENT_PROVIDER_FAILED: {
    code: 50201,
    status: 502,
    zh: () => '支付服务暂时不可用，请稍后再试',
    en: () => 'The payment service is not available right now. Try again shortly.',
  },
  MESSENGER_UNAVAILABLE: {
    code: 50202,
    status: 502,
    zh: () => '微信服务暂时不可用，请稍后再试',
    en: () => 'WeChat is not reachable right now. Try again shortly.',
  },
  INTERNAL: {
    code: 50001,
    status: 500,
    zh: () => '服务器异常，请稍后再试',
    en: () => 'Something went wrong on our side. Please try again shortly.',
  },
  HEADERS_TOO_LARGE: {
    code: 43101,
    status: 431,
    zh: () => '请求地址或请求头过长，请缩短后重试',
    en: () => 'The address or the headers of the request are too long. Shorten them and try again.',
  },
  URL_TOO_LONG: {
    code: 41401,
    status: 414,
    zh: () => '请求地址过长，请缩短后重试',
    en: () => 'The address of the request is too long. Shorten it and try again.',
  },
  REQUEST_TIMEOUT: {
    code: 40801,
    status: 408,
    zh: () => '请求超时，请检查网络后重试',
    en: () => 'The request took too long to arrive. Check the connection and try again.',
  },
  SERVICE_UNAVAILABLE: {
    code: 50301,
    status: 503,
    zh: () => '服务暂时不可用，请稍后再试',
    en: () => 'The service is not available right now. Try again shortly.',
  },
} satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof errorCatalogue;

export const ErrorCode = Object.fromEntries(
  Object.entries(errorCatalogue).map(([name, def]) => [name, def.code]),
) as { [K in ErrorName]: (typeof errorCatalogue)[K]['code'] };

export function errorMessage(name: ErrorName, details: Details = {}, lang: Lang = 'zh'): string {
  return errorCatalogue[name][lang](details);
}

/** The message shown for an empty answer (spec §8). */
export const EMPTY_ANSWER_MESSAGE = '服务器异常';

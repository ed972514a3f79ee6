import { errorCatalogue, type ErrorDefinition, type Lang } from '../errors.js';
import { seatNames } from '../rules/seat-name.js';
import { layoutProblemText, type LayoutProblem } from './hall-layout-rules.js';

/**
 * The staff console's part of the closed error catalogue (same numbering: the HTTP status, then a
 * running number). Kept apart from `errors.ts` so the moviegoers' bundle, which carries that
 * catalogue's messages, holds nothing of the console.
 */
const labels = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : [String(value ?? '')];
const list = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join('、') : String(value ?? '');

const minutes = (value: unknown): string => String(Math.max(1, Math.ceil(Number(value ?? 0) / 60)));

export const consoleErrorCatalogue = {
  STAFF_UNAUTHENTICATED: {
    code: 40101,
    status: 401,
    zh: () => '请先登录管理后台（登录已失效或未登录）',
    en: () => 'Sign in to the console first (your staff session has ended or is missing).',
  },
  STAFF_LOGIN_FAILED: {
    code: 40102,
    status: 401,
    // The same words whether or not the username exists: no tries-left count, which would tell.
    zh: () => '用户名或密码错误。在同一网络连续输错 5 次，将暂停从该网络登录此账号 15 分钟',
    en: () =>
      'Wrong username or password. Five wrong tries in a row from one network pause sign-in to the account from there for 15 minutes.',
  },
  STAFF_FORBIDDEN: {
    code: 40301,
    status: 403,
    zh: (d) =>
      d.cinemaId
        ? '你没有负责这家影城，不能查看或修改它的数据'
        : `你的角色（${String(d.roleZh ?? d.role ?? '')}）不能使用此功能，请联系店长或老板`,
    en: (d) =>
      d.cinemaId
        ? 'You do not cover this cinema, so you cannot see or change its data.'
        : `Your role (${String(d.role ?? '')}) cannot use this. Ask a manager or the owner.`,
  },
  STAFF_USERNAME_TAKEN: {
    code: 40903,
    status: 409,
    zh: (d) => `用户名「${String(d.username ?? '')}」已被本站点的其他员工使用，请换一个`,
    en: (d) => `The username "${String(d.username ?? '')}" is taken on this site. Pick another.`,
  },
  STAFF_LOCKED: {
    code: 42301,
    status: 423,
    // `scope`: `address` (this network tried too many wrong passwords) or `unfamiliar` (many
    // wrong passwords came from networks the account never signed in from: those wait, the
    // networks it signs in from every day do not).
    zh: (d) =>
      d.scope === 'unfamiliar'
        ? `此账号近期从陌生网络输错密码过多，从新网络登录已暂停，请 ${minutes(d.retryAfterSeconds)} 分钟后再试，或在常用网络登录`
        : `从此网络输错密码次数过多，请 ${minutes(d.retryAfterSeconds)} 分钟后再试`,
    en: (d) =>
      d.scope === 'unfamiliar'
        ? `Too many wrong passwords from networks this account never signed in from: sign-in from new networks is paused. Try again in ${minutes(d.retryAfterSeconds)} min, or from a network you usually sign in from.`
        : `Too many wrong passwords from this network. Try again in ${minutes(d.retryAfterSeconds)} min.`,
  },
  STAFF_CHANGE_REFUSED: {
    code: 42240,
    status: 422,
    zh: (d) => String(d.hint ?? '不能对这个员工账号执行此操作'),
    en: (d) => String(d.hintEn ?? d.hint ?? 'This change to the staff account is not allowed.'),
  },
  CHECKIN_NOT_FOUND: {
    code: 40410,
    status: 404,
    zh: () => '没有找到这个票码或取货码，请核对后重新输入或扫描',
    en: () => 'No ticket or pickup has this code. Check it and type or scan it again.',
  },
  CHECKIN_CODE_INVALID: {
    code: 40010,
    status: 400,
    zh: () => '这不是有效的票码（10 位）或取货码（8 位），也不是订单二维码',
    en: () =>
      'This is not a ticket code (10 digits), a pickup code (8 digits) or an order QR code.',
  },
  CARD_BATCH_DOWNLOADED: {
    code: 40960,
    status: 409,
    zh: (d) =>
      `这批充值卡的卡号卡密已于 ${String(d.downloadedAtText ?? '')} 由 ${String(d.downloadedBy ?? '')} 下载过，只能下载一次。如果文件丢失，请作废这批卡并重新发行`,
    en: (d) =>
      `This batch's numbers and passwords were downloaded at ${String(d.downloadedAtText ?? '')} by ${String(d.downloadedBy ?? '')}; they can be downloaded only once. If the file is lost, void the batch and issue a new one.`,
  },
  CARD_CHANGE_REFUSED: {
    code: 42290,
    status: 422,
    zh: (d) => String(d.hint ?? '不能对这张卡执行此操作'),
    en: (d) => String(d.hintEn ?? d.hint ?? 'This change to the card is not allowed.'),
  },
  CHECKIN_REFUSED: {
    code: 42250,
    status: 422,
    zh: (d) => checkInProblemZh(d),
    en: (d) => checkInProblemEn(d),
  },
  CHECKIN_TOO_EARLY: {
    code: 42251,
    status: 422,
    zh: (d) => checkInProblemZh({ ...d, problem: 'tooEarly' }),
    en: (d) => checkInProblemEn({ ...d, problem: 'tooEarly' }),
  },
  CHECKIN_TOO_LATE: {
    code: 42252,
    status: 422,
    zh: (d) => checkInProblemZh({ ...d, problem: 'tooLate' }),
    en: (d) => checkInProblemEn({ ...d, problem: 'tooLate' }),
  },
  SHOW_OVERLAP: {
    code: 40930,
    status: 409,
    zh: (d) =>
      `与 ${String(d.hallName ?? '')} 的场次 ${String(d.startText ?? '')}–${String(d.endText ?? '')}《${String(d.filmTitle ?? '')}》时间重叠（含 ${String(d.cleaningMinutes ?? '')} 分钟清场），请换个时间`,
    en: (d) =>
      `Overlaps the show of "${String(d.filmTitle ?? '')}" in ${String(d.hallName ?? '')} at ${String(d.startText ?? '')}–${String(d.endText ?? '')} (with ${String(d.cleaningMinutes ?? '')} min cleaning). Pick another time.`,
  },
  FILM_TITLE_TAKEN: {
    code: 40931,
    status: 409,
    zh: (d) => `本站点已有影片《${String(d.title ?? '')}》，请换个片名或编辑那部影片`,
    en: (d) =>
      `This site already has a film called "${String(d.title ?? '')}". Edit that one or pick another title.`,
  },
  POSTER_REFUSED: {
    code: 40030,
    status: 400,
    zh: (d) =>
      d.problem === 'tooLarge'
        ? '海报不能超过 2 MB，请压缩后再上传'
        : '海报只能是 PNG、JPEG 或 WebP 图片',
    en: (d) =>
      d.problem === 'tooLarge'
        ? 'The poster is larger than 2 MB. Make it smaller and upload it again.'
        : 'A poster must be a PNG, JPEG or WebP image.',
  },
  SHOW_CHANGE_REFUSED: {
    code: 42270,
    status: 422,
    zh: (d) => String(d.hint ?? '这个场次现在不能修改'),
    en: (d) => String(d.hintEn ?? d.hint ?? 'This show cannot be changed now.'),
  },
  NOTICE_BEING_SENT: {
    code: 40948,
    status: 409,
    zh: () => '这条通知正在发送，请稍后刷新查看结果',
    en: () => 'This notice is being sent right now. Refresh in a moment to see how it went.',
  },
  RESEAT_STALE: {
    code: 40939,
    status: 409,
    zh: (d) =>
      `${seatNames(labels(d.seats), 'zh')} 刚刚被占用或已不可用，没有移动任何订单。请查看新的换座方案后再确认`,
    en: (d) =>
      `Just taken or no longer free: ${seatNames(labels(d.seats), 'en')}. No order was moved. Check the new proposal and apply it again.`,
  },
  GOODS_NAME_TAKEN: {
    code: 40940,
    status: 409,
    zh: (d) =>
      d.kind === 'category'
        ? `已有商品分类「${String(d.name ?? '')}」，请换个名称`
        : `本站点已有商品「${String(d.name ?? '')}」，请编辑那件商品或换个名称`,
    en: (d) =>
      d.kind === 'category'
        ? `A goods category called "${String(d.name ?? '')}" exists already. Pick another name.`
        : `This site already sells "${String(d.name ?? '')}". Edit that item or pick another name.`,
  },
  GOODS_IMAGE_REFUSED: {
    code: 40041,
    status: 400,
    zh: (d) =>
      d.problem === 'tooLarge'
        ? '商品图片不能超过 2 MB，请压缩后再上传'
        : '商品图片只能是 PNG、JPEG 或 WebP 图片',
    en: (d) =>
      d.problem === 'tooLarge'
        ? 'The picture is larger than 2 MB. Make it smaller and upload it again.'
        : 'A goods picture must be a PNG, JPEG or WebP image.',
  },
  GOODS_CHANGE_REFUSED: {
    code: 42296,
    status: 422,
    zh: (d) => String(d.hint ?? '这件商品现在不能这样修改'),
    en: (d) => String(d.hintEn ?? d.hint ?? 'This goods item cannot be changed this way.'),
  },
  STOCK_SHORT: {
    code: 42297,
    status: 422,
    zh: (d) =>
      `${d.cinemaName ? `${String(d.cinemaName)}的` : ''}「${String(d.variantName ?? '')}」现有库存 ${String(d.stock ?? 0)} 件（已扣除未支付订单占用的 ${String(d.reservedCount ?? 0)} 件），不能减少 ${String(-Number(d.delta ?? 0))} 件`,
    en: (d) =>
      `"${String(d.variantName ?? '')}" has ${String(d.stock ?? 0)} in stock${d.cinemaName ? ` at ${String(d.cinemaName)}` : ''} (after the ${String(d.reservedCount ?? 0)} held by unpaid orders): it cannot lose ${String(-Number(d.delta ?? 0))}.`,
  },
  CINEMA_NAME_TAKEN: {
    code: 40945,
    status: 409,
    zh: (d) => `本站点已有影城「${String(d.name ?? '')}」，请换个名字或编辑那家影城`,
    en: (d) =>
      `This site already has a cinema called "${String(d.name ?? '')}". Edit that one or pick another name.`,
  },
  HALL_NAME_TAKEN: {
    code: 40946,
    status: 409,
    zh: (d) => `这家影城已有影厅「${String(d.name ?? '')}」，请换个名字`,
    en: (d) =>
      `This cinema already has a hall called "${String(d.name ?? '')}". Pick another name.`,
  },
  HALL_LAYOUT_STALE: {
    code: 40947,
    status: 409,
    zh: (d) => `座位图已被别人保存为第 ${String(d.currentVersion ?? '')} 版，请重新打开后再修改`,
    en: (d) =>
      `Someone saved version ${String(d.currentVersion ?? '')} of this layout meanwhile. Open it again and redo your change.`,
  },
  COUPON_PROMO_CODE_TAKEN: {
    code: 40980,
    status: 409,
    zh: (d) => `优惠码「${String(d.promoCode ?? '')}」已被本站点的其他活动使用，请换一个`,
    en: (d) =>
      `The promo code "${String(d.promoCode ?? '')}" belongs to another campaign of this site. Pick another.`,
  },
  COUPON_QUANTITY_BELOW_ISSUED: {
    code: 40981,
    status: 409,
    zh: (d) => `已发出 ${String(d.issuedCount ?? '')} 张，发放总量不能少于已发出的数量`,
    en: (d) =>
      `${String(d.issuedCount ?? '')} coupons are already out: the total cannot be lower than that.`,
  },
  COUPON_CAMPAIGN_STATE_CONFLICT: {
    code: 40982,
    status: 409,
    zh: (d) =>
      d.state === 'active' ? '活动正在进行，无需恢复' : '活动已暂停，请先恢复再进行此操作',
    en: (d) =>
      d.state === 'active'
        ? 'The campaign is running already; there is nothing to resume.'
        : 'The campaign is paused; resume it first.',
  },
  COUPON_CAMPAIGN_ENDED: {
    code: 42335,
    status: 423,
    zh: () => '活动已结束，不能再修改；如需继续发券，请新建活动',
    en: () =>
      'The campaign has ended and cannot be changed. Create a new one to give more coupons.',
  },
  SHIFT_NOT_OPEN: {
    code: 40991,
    status: 409,
    zh: () => '请先开班（清点备用金）再收款或退现金',
    en: () => 'Open your shift (count the float) before taking or giving back money.',
  },
  SHIFT_ALREADY_OPEN: {
    code: 40992,
    status: 409,
    zh: (d) => `你已有一个未交班的班次（${String(d.cinemaName ?? '')}），请先交班`,
    en: (d) => `You already have an open shift (${String(d.cinemaName ?? '')}). Close it first.`,
  },
  SHIFT_CLOSED: {
    code: 40993,
    status: 409,
    zh: () => '这个班次已经交班，不能再修改',
    en: () => 'This shift is closed already and cannot change.',
  },
  DAY_HAS_OPEN_SHIFTS: {
    code: 40994,
    status: 409,
    zh: (d) => `还有 ${String(d.count ?? '')} 个班次未交班（${list(d.names)}），请先交班再日结`,
    en: (d) =>
      `${String(d.count ?? '')} shifts are still open (${list(d.names)}). Close them before the day.`,
  },
  DAY_CLOSED: {
    code: 42391,
    status: 423,
    zh: (d) =>
      `${String(d.businessDate ?? '')} 已日结，不能再开班或收款；如需操作请在当天营业日进行`,
    en: (d) =>
      `${String(d.businessDate ?? '')} is closed. Shifts and sales go to an open business day.`,
  },
  CASH_TENDERED_SHORT: {
    code: 42291,
    status: 422,
    zh: (d) => `实收 ¥${String(d.tendered ?? '')} 少于应收 ¥${String(d.amount ?? '')}`,
    en: (d) =>
      `¥${String(d.tendered ?? '')} tendered is less than the ¥${String(d.amount ?? '')} due.`,
  },
  COUNTER_REFUND_OVER_LIMIT: {
    code: 40391,
    status: 403,
    zh: (d) =>
      `退款 ¥${String(d.amount ?? '')} 超过收银员可退的 ¥${String(d.limit ?? '')}，请店长或老板办理`,
    en: (d) =>
      `A refund of ¥${String(d.amount ?? '')} is above a cashier's limit of ¥${String(d.limit ?? '')}. Ask a manager.`,
  },
  COUNTER_SPLIT_INVALID: {
    code: 42264,
    status: 422,
    zh: (d) =>
      `会员卡支付部分 ¥${String(d.cardAmount ?? '')} 须大于 0 且少于应收 ¥${String(d.amount ?? '')}；全额用卡请选“会员卡”`,
    en: (d) =>
      `The card's part (¥${String(d.cardAmount ?? '')}) must be more than 0 and less than the ¥${String(d.amount ?? '')} due; to pay it all by card, choose Card.`,
  },
  COUNTER_CASH_SHORT: {
    code: 40995,
    status: 409,
    zh: (d) => `钱箱里预计只有 ¥${String(d.expected ?? '')}，不够退 ¥${String(d.amount ?? '')}`,
    en: (d) =>
      `The drawer should hold only ¥${String(d.expected ?? '')}, less than the ¥${String(d.amount ?? '')} to give back.`,
  },
  HALL_LAYOUT_INVALID: {
    code: 42285,
    status: 422,
    zh: (d) => layoutProblemsText(d, 'zh'),
    en: (d) => layoutProblemsText(d, 'en'),
  },
} satisfies Record<string, ErrorDefinition>;

/** The first problem of a refused layout, and how many more there are. */
function layoutProblemsText(d: Record<string, unknown>, lang: Lang): string {
  const problems = (Array.isArray(d.problems) ? d.problems : []) as LayoutProblem[];
  const first = problems[0];
  if (!first) return lang === 'zh' ? '座位图有误，请检查后再保存' : 'The layout has mistakes.';
  const more = problems.length - 1;
  const text = layoutProblemText(first, lang);
  if (more <= 0) return text;
  return lang === 'zh' ? `${text}（另有 ${more} 处问题）` : `${text} (and ${more} more problems)`;
}

function checkInProblemZh(d: Record<string, unknown>): string {
  switch (d.problem) {
    case 'alreadyUsed':
      return `已于 ${String(d.usedAtText ?? '')} 由 ${String(d.usedBy ?? '')} 核销，不能重复使用`;
    case 'otherSite':
      return '这是其他影院品牌的票，不能在本影城核销';
    case 'otherCinema':
      return `这是「${String(d.cinemaName ?? '其他影城')}」的订单，请到该影城核销`;
    case 'otherDay':
      return `这张票是 ${String(d.startAtText ?? '')} 的场次，不是今天的`;
    case 'showEnded':
      return `该场次已于 ${String(d.endAtText ?? '')} 结束，不能再入场`;
    case 'tooEarly':
      return `太早了，${String(d.admitFromText ?? '')} 开始检票`;
    case 'tooLate':
      return `太晚了，${String(d.admitUntilText ?? '')} 已停止检票`;
    case 'refunded':
      return '该订单已退款，不能核销';
    case 'unpaid':
      return '该订单尚未支付，不能核销';
    default:
      return '该订单现在不能核销';
  }
}

function checkInProblemEn(d: Record<string, unknown>): string {
  switch (d.problem) {
    case 'alreadyUsed':
      return `Already used at ${String(d.usedAtText ?? '')} by ${String(d.usedBy ?? '')}: it cannot be used again.`;
    case 'otherSite':
      return 'This belongs to another cinema chain and cannot be used here.';
    case 'otherCinema':
      return `This order is for ${String(d.cinemaName ?? 'another cinema')}: check it in there.`;
    case 'otherDay':
      return `This ticket is for the show of ${String(d.startAtText ?? '')}, not today's.`;
    case 'showEnded':
      return `The show ended at ${String(d.endAtText ?? '')}: no more entry.`;
    case 'tooEarly':
      return `Too early, opens at ${String(d.admitFromText ?? '')}.`;
    case 'tooLate':
      return `Too late, entry closed at ${String(d.admitUntilText ?? '')}.`;
    case 'refunded':
      return 'This order was refunded and cannot be used.';
    case 'unpaid':
      return 'This order is not paid and cannot be used.';
    default:
      return 'This order cannot be used now.';
  }
}

/** The whole closed catalogue the server answers with: the moviegoers' codes and the console's. */
export const fullErrorCatalogue = { ...errorCatalogue, ...consoleErrorCatalogue };
export type FullErrorName = keyof typeof fullErrorCatalogue;

export const ConsoleErrorCode = Object.fromEntries(
  Object.entries(consoleErrorCatalogue).map(([name, def]) => [name, def.code]),
) as { [K in keyof typeof consoleErrorCatalogue]: (typeof consoleErrorCatalogue)[K]['code'] };

export function fullErrorMessage(
  name: FullErrorName,
  details: Record<string, unknown> = {},
  lang: Lang = 'zh',
): string {
  return fullErrorCatalogue[name][lang](details);
}

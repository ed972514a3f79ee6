import { cinemaDateTimeOf, formatYuan } from '@marquee/contracts';
import type {
  AdvanceReport,
  CardsReport,
  GoodsReport,
  OccupancyReport,
  ReportName,
  SalesReport,
  WechatReport,
} from '@marquee/contracts/console';

/**
 * The CSV twins of the reports: UTF-8 with a byte order mark (Excel then reads Chinese right),
 * a header row in the request's language, CRLF lines, money as yuan with two decimals.
 */

type Cell = string | number | boolean | null;
type Lang = 'zh' | 'en';

/** Fen as yuan with two decimals: the one money formatter. */
export const yuanOf = formatYuan;

function cellText(cell: Cell): string {
  const text = cell === null ? '' : String(cell);
  // A leading = + - @ makes Excel evaluate a formula; names are staff-entered text.
  const safe = /^[=+\-@]/.test(text) && !/^[-+]?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly Cell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(cellText).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const pick = (lang: Lang, zh: string[], en: string[]) => (lang === 'en' ? en : zh);

export function salesCsv(report: SalesReport, lang: Lang): string {
  const header = pick(
    lang,
    ['日期', '影城', '票数', '票房(元)', '卖品件数', '卖品收入(元)', '退款(元)', '净收入(元)'],
    [
      'Date',
      'Cinema',
      'Tickets',
      'Tickets (yuan)',
      'Goods units',
      'Goods (yuan)',
      'Refunds (yuan)',
      'Net (yuan)',
    ],
  );
  const rows: Cell[][] = report.days.map((day) => [
    day.date,
    day.cinemaName,
    day.ticketCount,
    yuanOf(day.ticketFen),
    day.goodsUnits,
    yuanOf(day.goodsFen),
    yuanOf(day.refundFen),
    yuanOf(day.netFen),
  ]);
  const t = report.totals;
  rows.push([
    lang === 'en' ? 'Total' : '合计',
    '',
    t.ticketCount,
    yuanOf(t.ticketFen),
    t.goodsUnits,
    yuanOf(t.goodsFen),
    yuanOf(t.refundFen),
    yuanOf(t.netFen),
  ]);
  return toCsv(header, rows);
}

export function occupancyCsv(report: OccupancyReport, lang: Lang): string {
  const header = pick(
    lang,
    ['开场时间', '影城', '影厅', '影片', '已售座位', '可售座位', '上座率(%)'],
    ['Starts', 'Cinema', 'Hall', 'Film', 'Seats sold', 'Seats for sale', 'Occupancy (%)'],
  );
  const rows: Cell[][] = report.shows.map((show) => [
    cinemaDateTimeOf(show.startAt),
    show.cinemaName,
    show.hallName,
    show.filmTitle,
    show.seatsSold,
    show.seatsForSale,
    show.percent.toFixed(1),
  ]);
  return toCsv(header, rows);
}

export function goodsCsv(report: GoodsReport, lang: Lang): string {
  const header = pick(
    lang,
    ['商品', '规格', '售出件数', '收入(元)', '退款件数', '退款(元)'],
    ['Goods', 'Variant', 'Units sold', 'Revenue (yuan)', 'Units refunded', 'Refunds (yuan)'],
  );
  const rows: Cell[][] = report.lines.map((line) => [
    line.goodsName,
    line.variantName,
    line.units,
    yuanOf(line.revenueFen),
    line.refundedUnits,
    yuanOf(line.refundFen),
  ]);
  return toCsv(header, rows);
}

export function cardsCsv(report: CardsReport, lang: Lang): string {
  const en = lang === 'en';
  const header = pick(
    lang,
    ['项目', '类型', '数量', '金额(元)'],
    ['Item', 'Type', 'Count', 'Amount (yuan)'],
  );
  const rows: Cell[][] = [
    [en ? 'Card balances' : '储值卡余额合计', '', report.cardCount, yuanOf(report.balanceFen)],
    [en ? 'Ledger sum' : '流水合计', '', '', yuanOf(report.ledgerFen)],
    [
      en ? 'Balanced' : '余额与流水一致',
      '',
      '',
      report.isBalanced ? (en ? 'yes' : '是') : en ? 'NO' : '否',
    ],
    ...report.byType.map((type): Cell[] => [
      en ? 'Balance by card type' : '按卡类型余额',
      type.typeNames,
      type.cardCount,
      yuanOf(type.balanceFen),
    ]),
    ...report.movements.map((movement): Cell[] => [
      en ? 'Ledger movements in range' : '期间流水',
      movement.kind,
      movement.count,
      yuanOf(movement.amountFen),
    ]),
  ];
  return toCsv(header, rows);
}

export function wechatCsv(report: WechatReport, lang: Lang): string {
  const header = pick(
    lang,
    [
      '日期',
      '支付笔数',
      '支付金额(元)',
      '通知数',
      '通知-已支付',
      '通知-自动退款',
      '通知-已处理',
      '主动查询确认',
      '退款笔数',
      '退款金额(元)',
      '退款成功(元)',
      '退款处理中(元)',
      '退款失败(元)',
      '自动退款笔数',
    ],
    [
      'Date',
      'Payments',
      'Paid (yuan)',
      'Notifications',
      'Notified paid',
      'Notified auto-refund',
      'Notified already settled',
      'Confirmed by query',
      'Refunds',
      'Refunded (yuan)',
      'Refund succeeded (yuan)',
      'Refund pending (yuan)',
      'Refund failed (yuan)',
      'Automatic refunds',
    ],
  );
  const line = (date: string, day: WechatReport['totals']): Cell[] => [
    date,
    day.payments.count,
    yuanOf(day.payments.fen),
    day.notifications.count,
    day.notifications.paid,
    day.notifications.autoRefund,
    day.notifications.alreadySettled,
    day.queried,
    day.refunds.count,
    yuanOf(day.refunds.fen),
    yuanOf(day.refunds.succeeded.fen),
    yuanOf(day.refunds.pending.fen),
    yuanOf(day.refunds.failed.fen),
    day.refunds.automatic,
  ];
  const rows = report.days.map((day) => line(day.date, day));
  rows.push(line(lang === 'en' ? 'Total' : '合计', report.totals));
  return toCsv(header, rows);
}

export function advanceCsv(report: AdvanceReport, lang: Lang): string {
  const header = pick(
    lang,
    ['放映日期', '场次', '已售票数', '已售票房(元)', '可售座位', '上座率(%)'],
    ['Show date', 'Shows', 'Tickets sold', 'Tickets (yuan)', 'Seats for sale', 'Occupancy (%)'],
  );
  const line = (date: string, day: AdvanceReport['totals']): Cell[] => [
    date,
    day.showCount,
    day.ticketCount,
    yuanOf(day.ticketFen),
    day.seatsForSale,
    day.percent,
  ];
  const rows = report.days.map((day) => line(day.date, day));
  rows.push(line(lang === 'en' ? 'Total' : '合计', report.totals));
  return toCsv(header, rows);
}

export const csvFileName = (name: ReportName, from: string, to: string) =>
  `${name}-${from}-${to}.csv`;

import { z } from 'zod';
import { defineCall } from '../call.js';
import { cardLedgerKinds } from '../calls/card-records.js';

/**
 * The reports of the console (`/api/console/reports/...`): read-only figures of a range of local
 * days (Asia/Shanghai). Money is integer fen; the CSV twins show yuan.
 */

/** The longest range a report covers, in days (a quarter). */
export const REPORT_MAX_DAYS = 92;

const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a local date YYYY-MM-DD')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'not a calendar date');

/** Days from `from` to `to`, both counted (1 for one day); negative when `to` is before `from`. */
export function reportRangeDays(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** Every local date from `from` to `to`, in order. */
export function reportDates(from: string, to: string): string[] {
  const days = reportRangeDays(from, to);
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: Math.max(0, days) }, (_, index) =>
    new Date(start + index * 86_400_000).toISOString().slice(0, 10),
  );
}

export const reportQuerySchema = z
  .object({
    /** First local day (inclusive). */
    from: localDate,
    /** Last local day (inclusive). */
    to: localDate,
    /** One cinema; without it owners see every cinema of the site, managers theirs. */
    cinemaId: z.string().uuid().optional(),
  })
  .superRefine((query, context) => {
    const days = reportRangeDays(query.from, query.to);
    if (days < 1) {
      context.addIssue({ code: 'custom', path: ['to'], message: '`to` is before `from`' });
    } else if (days > REPORT_MAX_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `a report covers at most ${REPORT_MAX_DAYS} days`,
      });
    }
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const rangeFields = {
  from: z.string(),
  to: z.string(),
  /** The cinemas the figures cover (one when `cinemaId` was given). */
  cinemas: z.array(z.object({ id: z.string(), name: z.string() })),
};

const salesFigures = {
  ticketCount: z.number().int(),
  ticketFen: z.number().int(),
  goodsUnits: z.number().int(),
  goodsFen: z.number().int(),
  refundFen: z.number().int(),
  /** ticketFen + goodsFen − refundFen. */
  netFen: z.number().int(),
};

export const salesDaySchema = z.object({
  date: z.string(),
  cinemaId: z.string(),
  cinemaName: z.string(),
  ...salesFigures,
});
export type SalesDay = z.infer<typeof salesDaySchema>;

export const salesFilmSchema = z.object({
  filmId: z.string(),
  filmTitle: z.string(),
  ticketCount: z.number().int(),
  ticketFen: z.number().int(),
  refundedTickets: z.number().int(),
  refundFen: z.number().int(),
});
export type SalesFilm = z.infer<typeof salesFilmSchema>;

/** Where an order was sold: the moviegoers' app or the box office's counter. */
export const orderChannels = ['online', 'counter'] as const;
export type OrderChannelName = (typeof orderChannels)[number];

/** A channel's sales of the range, counted as the days are (paid day, refund day). */
export const salesChannelSchema = z.object({
  channel: z.enum(orderChannels),
  ...salesFigures,
});
export type SalesChannel = z.infer<typeof salesChannelSchema>;

/**
 * Money taken of the orders paid in the range, by how it was paid: `card` and `wechat` are the
 * payments recorded (a combined payment's card part counts under card, its WeChat part under
 * wechat, and in `combinedFen` of each); `other` is what orders were paid with no payment
 * recorded (a counter sale whose method the payments do not hold). Other methods may join.
 */
export const salesPaymentMethodSchema = z.object({
  method: z.string(),
  /** Orders with a part paid this way. */
  orderCount: z.number().int(),
  fen: z.number().int(),
  /** The part of `fen` paid within combined payments (cards and WeChat on one order). */
  combinedFen: z.number().int(),
});
export type SalesPaymentMethod = z.infer<typeof salesPaymentMethodSchema>;

export const salesReportSchema = z.object({
  ...rangeFields,
  /** One row per local day and cinema that had any sale or refund. */
  days: z.array(salesDaySchema),
  films: z.array(salesFilmSchema),
  totals: z.object(salesFigures),
  /** Both channels, always (zero when none). */
  channels: z.array(salesChannelSchema),
  /** card and wechat always, then any other method that took money; largest first after those. */
  paymentMethods: z.array(salesPaymentMethodSchema),
  /** Orders paid by cards and WeChat together. */
  combinedOrderCount: z.number().int(),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const occupancyShowSchema = z.object({
  showId: z.string(),
  startAt: z.string(),
  cinemaId: z.string(),
  cinemaName: z.string(),
  hallName: z.string(),
  filmTitle: z.string(),
  seatsSold: z.number().int(),
  seatsForSale: z.number().int(),
  /** seatsSold / seatsForSale in percent, one decimal. */
  percent: z.number(),
});
export type OccupancyShow = z.infer<typeof occupancyShowSchema>;

export const occupancyReportSchema = z.object({
  ...rangeFields,
  shows: z.array(occupancyShowSchema),
  totals: z.object({
    showCount: z.number().int(),
    seatsSold: z.number().int(),
    seatsForSale: z.number().int(),
    percent: z.number(),
  }),
});
export type OccupancyReport = z.infer<typeof occupancyReportSchema>;

export const goodsLineSchema = z.object({
  goodsId: z.string(),
  goodsName: z.string(),
  variantId: z.string(),
  variantName: z.string(),
  units: z.number().int(),
  revenueFen: z.number().int(),
  refundedUnits: z.number().int(),
  refundFen: z.number().int(),
});
export type GoodsLine = z.infer<typeof goodsLineSchema>;

export const goodsReportSchema = z.object({
  ...rangeFields,
  lines: z.array(goodsLineSchema),
  totals: z.object({
    units: z.number().int(),
    revenueFen: z.number().int(),
    refundedUnits: z.number().int(),
    refundFen: z.number().int(),
  }),
});
export type GoodsReport = z.infer<typeof goodsReportSchema>;

export const cardsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** What the site owes its card holders now: the sum of every card's balance. */
  balanceFen: z.number().int(),
  /** The same from the append-only ledger: the sum of every ledger row of the site's cards. */
  ledgerFen: z.number().int(),
  isBalanced: z.boolean(),
  cardCount: z.number().int(),
  byType: z.array(
    z.object({
      /** The card's type codes joined with `+` (a card may cover several types). */
      types: z.string(),
      typeNames: z.string(),
      cardCount: z.number().int(),
      balanceFen: z.number().int(),
    }),
  ),
  /** Ledger rows of the range by kind (every kind, zero when none). */
  movements: z.array(
    z.object({
      kind: z.enum(cardLedgerKinds),
      count: z.number().int(),
      amountFen: z.number().int(),
    }),
  ),
});
export type CardsReport = z.infer<typeof cardsReportSchema>;

export const wechatDiscrepancyKinds = [
  'noNotification',
  'refundFailed',
  'refundPending',
  'autoRefund',
] as const;
export type WechatDiscrepancyKind = (typeof wechatDiscrepancyKinds)[number];

const countAndFen = z.object({ count: z.number().int(), fen: z.number().int() });

export const wechatDaySchema = z.object({
  date: z.string(),
  /** WeChat payments opened that day that WeChat took the money of. */
  payments: countAndFen,
  /** WeChat's notices received that day, by what settling them did. */
  notifications: z.object({
    count: z.number().int(),
    paid: z.number().int(),
    autoRefund: z.number().int(),
    alreadySettled: z.number().int(),
  }),
  /** Successes we learnt by asking WeChat (a status query or the sweep) before any notice. */
  queried: z.number().int(),
  refunds: z.object({
    count: z.number().int(),
    fen: z.number().int(),
    succeeded: countAndFen,
    pending: countAndFen,
    failed: countAndFen,
    automatic: z.number().int(),
  }),
});
export type WechatDay = z.infer<typeof wechatDaySchema>;

export const wechatDiscrepancySchema = z.object({
  kind: z.enum(wechatDiscrepancyKinds),
  at: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  paymentId: z.string(),
  outTradeNo: z.string(),
  outRefundNo: z.string().nullable(),
  amountFen: z.number().int(),
  status: z.string(),
  /** `noNotification` only: settled by our status query, or by nothing on record (null). */
  settledBy: z.enum(['notify', 'query']).nullable(),
});
export type WechatDiscrepancy = z.infer<typeof wechatDiscrepancySchema>;

export const wechatReportSchema = z.object({
  ...rangeFields,
  days: z.array(wechatDaySchema),
  totals: wechatDaySchema.omit({ date: true }),
  discrepancies: z.array(wechatDiscrepancySchema),
});
export type WechatReport = z.infer<typeof wechatReportSchema>;

/**
 * Advance sales: tickets sold so far for the shows of the range's dates that have not started yet
 * (not cancelled), per show date. The range names show dates, today or later.
 */
export const advanceDaySchema = z.object({
  date: z.string(),
  showCount: z.number().int(),
  ticketCount: z.number().int(),
  /** The tickets' part of the orders that sold them (after coupons). */
  ticketFen: z.number().int(),
  seatsForSale: z.number().int(),
  /** ticketCount / seatsForSale in percent, one decimal. */
  percent: z.number(),
});
export type AdvanceDay = z.infer<typeof advanceDaySchema>;

export const advanceReportSchema = z.object({
  ...rangeFields,
  /** When the figures were read (they change as sales go on). */
  asOf: z.string(),
  /** Every date of the range, zero when it has no show. */
  days: z.array(advanceDaySchema),
  totals: advanceDaySchema.omit({ date: true }),
});
export type AdvanceReport = z.infer<typeof advanceReportSchema>;

export const reportNames = ['sales', 'occupancy', 'goods', 'cards', 'wechat', 'advance'] as const;
export type ReportName = (typeof reportNames)[number];

/** Reports only owners read: money of the whole site. */
export const ownerOnlyReports: readonly ReportName[] = ['cards', 'wechat'];

const reportCall = <A extends z.ZodTypeAny>(name: ReportName, answer: A) =>
  defineCall({
    method: 'GET',
    path: `/console/reports/${name}`,
    isSignedIn: true,
    query: reportQuerySchema,
    answer,
  });

export const salesReportCall = reportCall('sales', salesReportSchema);
export const occupancyReportCall = reportCall('occupancy', occupancyReportSchema);
export const goodsReportCall = reportCall('goods', goodsReportSchema);
export const cardsReportCall = reportCall('cards', cardsReportSchema);
export const wechatReportCall = reportCall('wechat', wechatReportSchema);
export const advanceReportCall = reportCall('advance', advanceReportSchema);

/** The CSV twin of a report: same query, `text/csv` (UTF-8 with BOM), yuan with two decimals. */
export const reportCsvPath = (name: ReportName) => `/console/reports/${name}.csv`;

import { z } from 'zod';
import { defineCall } from '../call.js';
import { idSchema as id } from '../fields.js';
import { encryptedPasswordSchema } from '../calls/pay-password.js';
import { orderStatuses } from '../rules/order-status.js';
import type { StaffRole } from './staff-rules.js';

/**
 * The box office (`/console/box-office`): a cashier sells tickets and snacks at the counter of
 * their cinema, takes cash, a member's card or WeChat Pay, prints tickets and a receipt, refunds,
 * and works in a shift (opened with a cash float, closed with the counted cash). A manager closes
 * the business day of a cinema (日结). Money on the wire is yuan with two decimals.
 *
 * The seat map of a show is the moviegoers' (`/api/seat/map`, `/api/seat/availability` and the
 * seat stream): a counter hold goes through the same hold path, so both see the same seats.
 */

/** How a counter sale is paid. `card`: a member's stored-value card; `wechat`: 付款码 or Native. */
export const counterPayMethods = ['cash', 'card', 'wechat'] as const;
export type CounterPayMethod = (typeof counterPayMethods)[number];

/** Who may refund more than the cashier's limit (`cashierRefundLimit` of the site settings). */
export const counterRefundOverLimitRoles = [
  'owner',
  'manager',
] as const satisfies readonly StaffRole[];
/** Who may close a business day. */
export const dayCloseRoles = ['owner', 'manager'] as const satisfies readonly StaffRole[];

/** The audit actions the box office writes. */
export const boxOfficeAuditActions = [
  'shift.open',
  'shift.close',
  'counter.sale',
  'counter.refund',
  'counter.reprint',
  'day.close',
] as const;

/** A reason for a counter refund: 2 to 200 characters (as the staff refund's). */
const reasonSchema = z.string().trim().min(2).max(200);
/** Yuan as typed at the till: not negative, at most two decimals, below a million. */
const yuanSchema = z
  .number()
  .min(0)
  .max(999_999)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'at most two decimals',
  });
/** A business day: the China date `YYYY-MM-DD`. */
export const businessDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

// ---------------------------------------------------------------------------------------------
// Today's shows

export const counterShowSchema = z.object({
  showId: z.string(),
  filmId: z.string(),
  filmTitle: z.string(),
  posterUrl: z.string().nullable(),
  hallName: z.string(),
  language: z.string(),
  format: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  /** Seats for sale in the hall (not blocked). */
  seatsTotal: z.number().int(),
  /** Seats neither sold nor held now. */
  seatsLeft: z.number().int(),
  /** Yuan: the lowest seat price of the show. */
  fromPrice: z.number(),
  /** Whether a counter hold is taken now (on sale, not started, before sales close). */
  isSelling: z.boolean(),
});
export type CounterShow = z.infer<typeof counterShowSchema>;

export const counterShowsCall = defineCall({
  method: 'GET',
  path: '/console/box-office/shows',
  isSignedIn: true,
  /** A cashier's cinema by default; managers and owners name one. */
  query: z.object({ cinemaId: id.optional() }),
  answer: z.object({
    cinemaId: z.string(),
    cinemaName: z.string(),
    businessDate: z.string(),
    /** Shows of today still to start (and started within the last 30 minutes), by start. */
    shows: z.array(counterShowSchema),
  }),
});

// ---------------------------------------------------------------------------------------------
// The sale: one order of the counter, seats and snacks, one total

export const counterSaleLineSchema = z.object({
  goodsInfoId: z.string(),
  goodsName: z.string(),
  /** The variant's specs in words ("大杯 / 冰"). */
  goodsInfoName: z.string(),
  quantity: z.number().int(),
  /** Yuan, each. */
  price: z.number(),
  /** Yuan, quantity × price. */
  amount: z.number(),
});

export const counterSaleSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  cinemaId: z.string(),
  show: z
    .object({
      showId: z.string(),
      filmTitle: z.string(),
      hallName: z.string(),
      startAt: z.string(),
      endAt: z.string(),
      language: z.string(),
      format: z.string(),
    })
    .nullable(),
  seats: z.array(
    z.object({
      seatId: z.string(),
      /** "7排8座" / "Row 7, Seat 8" in the caller's language. */
      label: z.string(),
      /** Yuan. */
      price: z.number(),
    }),
  ),
  goods: z.array(counterSaleLineSchema),
  /** Yuan. */
  ticketsAmount: z.number(),
  goodsAmount: z.number(),
  amount: z.number(),
  /** Until when the seats are held (a counter hold lasts `counterHoldMinutes`). */
  holdExpiresAt: z.string(),
  /** The cashier who sold it. */
  soldBy: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** How it was paid, once paid. */
  payments: z.array(z.object({ method: z.enum(counterPayMethods), amount: z.number() })),
  /** Ticket and snack codes once paid (the same codes as online). */
  ticketCode: z.string().nullable(),
  goodsCode: z.string().nullable(),
});
export type CounterSale = z.infer<typeof counterSaleSchema>;

/** Hold seats for a walk-up sale; a second hold of the same show replaces the cashier's first. */
export const counterHoldCall = defineCall({
  method: 'POST',
  path: '/console/box-office/sale/hold',
  isSignedIn: true,
  body: z.object({ showId: id, seatIds: z.array(z.string().min(1).max(64)).min(1).max(20) }),
  answer: counterSaleSchema,
});

/** The snacks of the sale, as a whole (quantity 0 or absent: none of it). */
export const counterGoodsCall = defineCall({
  method: 'POST',
  path: '/console/box-office/sale/goods',
  isSignedIn: true,
  body: z.object({
    orderId: id,
    items: z
      .array(z.object({ goodsInfoId: id, quantity: z.number().int().min(1).max(99) }))
      .max(30),
  }),
  answer: counterSaleSchema,
});

/**
 * A sale of snacks only (no ticket): the cinema's goods taken from stock for the cashier's counter
 * customer, waiting for payment as a counter hold does (`counterHoldMinutes`). Paid, printed and
 * refunded like any counter sale; its pickup code is the sale's `goodsCode`.
 */
export const counterSnacksSaleCall = defineCall({
  method: 'POST',
  path: '/console/box-office/sale/snacks',
  isSignedIn: true,
  body: z.object({
    /** A cashier's cinema by default. */
    cinemaId: id.optional(),
    items: z
      .array(z.object({ goodsInfoId: id, quantity: z.number().int().min(1).max(99) }))
      .min(1)
      .max(30),
  }),
  answer: counterSaleSchema,
});

export const counterSaleCall = defineCall({
  method: 'GET',
  path: '/console/box-office/sale',
  isSignedIn: true,
  query: z.object({ orderId: id }),
  answer: counterSaleSchema,
});

/** Give the held seats and snacks back (the customer walked away). */
export const counterCancelCall = defineCall({
  method: 'POST',
  path: '/console/box-office/sale/cancel',
  isSignedIn: true,
  body: z.object({ orderId: id }),
  answer: counterSaleSchema,
});

/**
 * The till's cinema's goods on sale there, at its price, with its units (decision 050), for the
 * snack buttons. `cinemaId` may be left out by staff covering one cinema.
 */
export const counterGoodsListCall = defineCall({
  method: 'GET',
  path: '/console/box-office/goods',
  isSignedIn: true,
  query: z.object({ cinemaId: z.string().trim().min(1).max(64).optional() }),
  answer: z.object({
    list: z.array(
      z.object({
        goodsId: z.string(),
        goodsName: z.string(),
        categoryName: z.string(),
        imageUrl: z.string(),
        variants: z.array(
          z.object({
            goodsInfoId: z.string(),
            goodsInfoName: z.string(),
            price: z.number(),
            stock: z.number().int(),
          }),
        ),
      }),
    ),
  }),
});

// ---------------------------------------------------------------------------------------------
// Members' cards at the till

export const counterCardSchema = z.object({
  cardId: z.string(),
  cardNo: z.string(),
  name: z.string(),
  /** What it pays for: film, goods or general card types' names. */
  cardTypeNames: z.array(z.string()),
  /** Yuan. */
  balance: z.number(),
  /** The member's phone, masked. */
  phoneMasked: z.string().nullable(),
  nickname: z.string(),
  hasPayPassword: z.boolean(),
});
export type CounterCard = z.infer<typeof counterCardSchema>;

/** Find a member's cards by card number, 11-digit phone, or the scanned member code. */
export const counterFindCardsCall = defineCall({
  method: 'POST',
  path: '/console/box-office/cards/find',
  isSignedIn: true,
  body: z.object({ q: z.string().trim().min(4).max(200) }),
  answer: z.object({ list: z.array(counterCardSchema) }),
});

// ---------------------------------------------------------------------------------------------
// Paying

/**
 * A split tender: the member's card pays `amount` yuan (more than 0, less than the total) and the
 * call's method the rest. The card is held until the rest is paid (WeChat), or charged with it
 * (cash); a failed or cancelled rest gives the card its money back.
 */
export const counterCardPartSchema = z.object({
  cardId: id,
  /** Typed on the till's keypad, encrypted as for `method: 'card'`. */
  password: encryptedPasswordSchema,
  amount: yuanSchema.refine((value) => value > 0, { message: 'more than 0' }),
});
export type CounterCardPart = z.infer<typeof counterCardPartSchema>;

export const counterPayBodySchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('cash'),
    orderId: id,
    /** Yuan the customer handed over: at least the total (with `cardPart`: what the card leaves). */
    tendered: yuanSchema,
    cardPart: counterCardPartSchema.optional(),
  }),
  z.object({
    method: z.literal('card'),
    orderId: id,
    cardId: id,
    /**
     * The member's pay password typed on the till's keypad, encrypted exactly as the moviegoers'
     * app does (`/api/security/payKey`, RSA-OAEP-256 of `{ password, timestamp, nonce }`).
     */
    password: encryptedPasswordSchema,
  }),
  z.object({
    method: z.literal('wechatMicropay'),
    orderId: id,
    /** The customer's 付款码 read by the till's scanner: 18 digits starting 10-15. */
    authCode: z
      .string()
      .trim()
      .regex(/^1[0-5]\d{16}$/, 'a WeChat payment code'),
    cardPart: counterCardPartSchema.optional(),
  }),
  z.object({
    method: z.literal('wechatNative'),
    orderId: id,
    cardPart: counterCardPartSchema.optional(),
  }),
]);

export const counterPayAnswerSchema = z.object({
  /** `paid`: ticketed; `waiting`: the customer is confirming on their phone (ask again). */
  status: z.enum(['paid', 'waiting', 'failed']),
  sale: counterSaleSchema,
  /** Cash: yuan tendered and change to give. */
  tendered: z.number().nullable(),
  change: z.number().nullable(),
  /** Native pay: the QR text to show on the customer's screen. */
  codeUrl: z.string().nullable(),
  /** Why it failed, in the caller's language. */
  failure: z.string().nullable(),
});
export type CounterPayAnswer = z.infer<typeof counterPayAnswerSchema>;

/** Pay the sale. Needs an open shift of the caller and an `Idempotency-Key` header. */
export const counterPayCall = defineCall({
  method: 'POST',
  path: '/console/box-office/sale/pay',
  isSignedIn: true,
  body: counterPayBodySchema,
  answer: counterPayAnswerSchema,
});

/** Ask again how a waiting WeChat payment stands (micropay's USERPAYING, Native's QR). */
export const counterPayStatusCall = defineCall({
  method: 'GET',
  path: '/console/box-office/sale/pay-status',
  isSignedIn: true,
  query: z.object({ orderId: id }),
  answer: counterPayAnswerSchema,
});

// ---------------------------------------------------------------------------------------------
// Printing (80 mm thermal): the data; the console lays it out

export const printTicketSchema = z.object({
  cinemaName: z.string(),
  filmTitle: z.string(),
  hallName: z.string(),
  startAt: z.string(),
  language: z.string(),
  format: z.string(),
  seatLabel: z.string(),
  /** Yuan. */
  price: z.number(),
  orderNo: z.string(),
  ticketCode: z.string(),
  /** The text the QR encodes (the door's check-in scans it). */
  qrText: z.string(),
});

export const printReceiptSchema = z.object({
  cinemaName: z.string(),
  cinemaAddress: z.string(),
  orderNo: z.string(),
  soldAt: z.string(),
  cashierName: z.string(),
  lines: z.array(
    z.object({
      text: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      amount: z.number(),
    }),
  ),
  amount: z.number(),
  payments: z.array(z.object({ method: z.enum(counterPayMethods), amount: z.number() })),
  tendered: z.number().nullable(),
  change: z.number().nullable(),
  /** The snacks' pickup code and its QR text, when there are snacks. */
  goodsCode: z.string().nullable(),
  goodsQrText: z.string().nullable(),
  refunded: z.number(),
});

export const printJobSchema = z.object({
  orderId: z.string(),
  /** True from the second print on: the layout marks it 重打 / REPRINT. */
  isReprint: z.boolean(),
  /** How many times it was printed, this one included. */
  printCount: z.number().int(),
  printedAt: z.string(),
  tickets: z.array(printTicketSchema),
  receipt: printReceiptSchema,
});
export type PrintJob = z.infer<typeof printJobSchema>;

/** The tickets and receipt of a paid sale; every call after the first is a reprint (audited). */
export const counterPrintCall = defineCall({
  method: 'POST',
  path: '/console/box-office/print',
  isSignedIn: true,
  body: z.object({ orderId: id }),
  answer: printJobSchema,
});

// ---------------------------------------------------------------------------------------------
// Refunds at the counter

/**
 * Refund a counter sale with a reason: what was paid in cash goes back in cash out of the caller's
 * open shift, a card part back to the card, a WeChat part back to WeChat. A cashier refunds up to
 * the site's `cashierRefundLimit` (default ¥200); more needs a manager or owner.
 */
export const counterRefundCall = defineCall({
  method: 'POST',
  path: '/console/box-office/refund',
  isSignedIn: true,
  body: z.object({ orderId: id, reason: reasonSchema }),
  answer: z.object({
    orderId: z.string(),
    status: z.enum(orderStatuses),
    /** Yuan given back in all. */
    amount: z.number(),
    /** Yuan to hand over from the drawer now. */
    cashBack: z.number(),
    /** Yuan going back to the card / WeChat it came from. */
    toOriginal: z.number(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Shifts

export const shiftStatuses = ['open', 'closed'] as const;

export const shiftSchema = z.object({
  shiftId: z.string(),
  cinemaId: z.string(),
  cinemaName: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  businessDate: z.string(),
  status: z.enum(shiftStatuses),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Yuan: the cash in the drawer at the start. */
  float: z.number(),
  cashSales: z.number(),
  cashRefunds: z.number(),
  /** float + cash sales − cash refunds. */
  expectedCash: z.number(),
  /** What the cashier counted at the close. */
  countedCash: z.number().nullable(),
  /** counted − expected (negative: short). */
  difference: z.number().nullable(),
  note: z.string().nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const methodTotalsSchema = z.object({
  method: z.enum(counterPayMethods),
  salesCount: z.number().int(),
  /** Yuan. */
  sales: z.number(),
  refundsCount: z.number().int(),
  refunds: z.number(),
});

export const shiftReportSchema = z.object({
  shift: shiftSchema,
  byMethod: z.array(methodTotalsSchema),
  orders: z.number().int(),
  tickets: z.number().int(),
  snacks: z.number().int(),
  /** Yuan: all sales, all refunds. */
  sales: z.number(),
  refunds: z.number(),
  /** The cash drawer's movements, oldest first. */
  cashMovements: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(['float', 'sale', 'refund']),
      /** Yuan, signed: money into the drawer is positive. */
      amount: z.number(),
      orderNo: z.string().nullable(),
    }),
  ),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

export const shiftOpenCall = defineCall({
  method: 'POST',
  path: '/console/box-office/shifts/open',
  isSignedIn: true,
  /** cinemaId: a cashier's cinema by default. */
  body: z.object({ cinemaId: id.optional(), float: yuanSchema }),
  answer: shiftSchema,
});

export const currentShiftCall = defineCall({
  method: 'GET',
  path: '/console/box-office/shifts/current',
  isSignedIn: true,
  answer: z.object({ shift: shiftSchema.nullable() }),
});

export const shiftCloseCall = defineCall({
  method: 'POST',
  path: '/console/box-office/shifts/close',
  isSignedIn: true,
  body: z.object({
    shiftId: id,
    countedCash: yuanSchema,
    note: z.string().trim().max(200).optional(),
  }),
  answer: shiftReportSchema,
});

export const shiftReportCall = defineCall({
  method: 'GET',
  path: '/console/box-office/shifts/report',
  isSignedIn: true,
  query: z.object({ shiftId: id }),
  answer: shiftReportSchema,
});

/** Shifts of a cinema's business day (managers, owners; a cashier sees their own). */
export const shiftListCall = defineCall({
  method: 'GET',
  path: '/console/box-office/shifts',
  isSignedIn: true,
  query: z.object({ cinemaId: id, businessDate: businessDateSchema }),
  answer: z.object({ list: z.array(shiftSchema) }),
});

// ---------------------------------------------------------------------------------------------
// The day's close (日结)

export const dayTotalsSchema = z.object({
  /** Yuan, orders paid that day less nothing: refunds are apart. */
  byChannel: z.array(
    z.object({
      channel: z.enum(['online', 'counter']),
      orders: z.number().int(),
      sales: z.number(),
    }),
  ),
  byMethod: z.array(methodTotalsSchema),
  tickets: z.number().int(),
  snacks: z.number().int(),
  sales: z.number(),
  refunds: z.number(),
  refundsCount: z.number().int(),
  /** Counter sales given up unpaid that day (held, then cancelled or lapsed). */
  voids: z.number().int(),
  /** Cash: expected and counted over the day's shifts, and the difference. */
  cashExpected: z.number(),
  cashCounted: z.number(),
  cashDifference: z.number(),
});
export type DayTotals = z.infer<typeof dayTotalsSchema>;

export const dayCloseViewSchema = z.object({
  cinemaId: z.string(),
  cinemaName: z.string(),
  businessDate: z.string(),
  isClosed: z.boolean(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** Frozen at the close once closed; else the figures so far. */
  totals: dayTotalsSchema,
  shifts: z.array(shiftSchema),
  /** Shifts still open: the day cannot close while there are any. */
  openShifts: z.number().int(),
});
export type DayCloseView = z.infer<typeof dayCloseViewSchema>;

export const dayCloseViewCall = defineCall({
  method: 'GET',
  path: '/console/box-office/day-close',
  isSignedIn: true,
  query: z.object({ cinemaId: id, businessDate: businessDateSchema }),
  answer: dayCloseViewSchema,
});

export const dayCloseCall = defineCall({
  method: 'POST',
  path: '/console/box-office/day-close',
  isSignedIn: true,
  body: z.object({
    cinemaId: id,
    businessDate: businessDateSchema,
    note: z.string().trim().max(200).optional(),
  }),
  answer: dayCloseViewSchema,
});

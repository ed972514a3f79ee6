import { z } from 'zod';
import { defineCall } from '../call.js';
import { seatKinds, seatStates } from '../calls/cinema.js';
import { orderStatuses } from '../rules/order-status.js';

/**
 * Broken seats of one show (area `schedule`, decision 017): the show's seat board for staff, blocking
 * and repairing seats, and moving the buyers of broken seats to the proposed seats
 * (`proposeReseats`) in one action. Staff see seats, not money: prices are integer fen.
 */
const id = z.string().trim().min(1).max(64);
const seatIdList = z.array(id).min(1).max(50);

const seatRefSchema = z.object({ id: z.string(), label: z.string() });

export const seatMoveSchema = z.object({
  fromSeatId: z.string(),
  fromLabel: z.string(),
  toSeatId: z.string(),
  toLabel: z.string(),
});

/** An order holding or owning a broken seat, and where its buyer could sit instead. */
export const affectedOrderSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  /** The buyer's phone masked (138****8000), null when unknown. */
  phone: z.string().nullable(),
  /** Every seat the order holds or owns in this show. */
  seats: z.array(seatRefSchema),
  /** Its seats that are broken. */
  brokenSeats: z.array(seatRefSchema),
  /** The nearest free seats of the same price area; null: none, suggest a refund. */
  proposal: z.array(seatMoveSchema).nullable(),
});
export type AffectedOrder = z.infer<typeof affectedOrderSchema>;

export const showSeatBoardSchema = z.object({
  show: z.object({
    showId: z.string(),
    cinemaId: z.string(),
    filmTitle: z.string(),
    hallName: z.string(),
    startAt: z.string(),
    isOnSale: z.boolean(),
    isCancelled: z.boolean(),
  }),
  priceAreas: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      color: z.string(),
      priceFen: z.number().int(),
      discountPriceFen: z.number().int(),
    }),
  ),
  columns: z.number().int(),
  rowCount: z.number().int(),
  rows: z.array(
    z.object({
      label: z.string(),
      y: z.number().int(),
      seats: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          x: z.number().int(),
          kind: z.enum(seatKinds),
          areaId: z.string().nullable(),
          /** As moviegoers see it, blocks aside: held, sold, unavailable (layout) or available. */
          state: z.enum(seatStates),
          /** Marked broken for this show, with the reason and who did it. */
          block: z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable(),
          /** The order holding or owning it, if any. */
          orderNo: z.string().nullable(),
        }),
      ),
    }),
  ),
  affected: z.array(affectedOrderSchema),
});
export type ShowSeatBoard = z.infer<typeof showSeatBoardSchema>;

export const showSeatBoardCall = defineCall({
  method: 'GET',
  path: '/console/shows/seats',
  isSignedIn: true,
  query: z.object({ showId: id }),
  answer: showSeatBoardSchema,
});

/** Mark seats broken for this show: nobody can hold them; their buyers are listed with proposals. */
export const seatBlockCall = defineCall({
  method: 'POST',
  path: '/console/shows/seats/block',
  isSignedIn: true,
  body: z.object({ showId: id, seatIds: seatIdList, reason: z.string().trim().min(2).max(100) }),
  answer: showSeatBoardSchema,
});

/** Repaired: the seats are free again (unless an order still owns them). */
export const seatUnblockCall = defineCall({
  method: 'POST',
  path: '/console/shows/seats/unblock',
  isSignedIn: true,
  body: z.object({ showId: id, seatIds: seatIdList }),
  answer: showSeatBoardSchema,
});

/**
 * Move buyers off broken seats, all in one transaction: each move must still be possible (the
 * seat free, same area); else RESEAT_STALE with the seats lost and a fresh board (new proposals).
 */
export const reseatCall = defineCall({
  method: 'POST',
  path: '/console/shows/seats/reseat',
  isSignedIn: true,
  body: z.object({
    showId: id,
    moves: z
      .array(z.object({ orderId: id, fromSeatId: id, toSeatId: id }))
      .min(1)
      .max(200),
  }),
  answer: z.object({
    board: showSeatBoardSchema,
    movedOrders: z.number().int(),
    movedSeats: z.number().int(),
  }),
});

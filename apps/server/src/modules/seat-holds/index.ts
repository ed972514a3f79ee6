/**
 * Seat holds (README.md): holding seats for an unpaid film order, reading a show's taken seats
 * (seat maps, availability) and hearing its seat changes. One door: other modules and the app use
 * holds only through these names.
 */
export { registerSeatHolds, type SeatHolds, type SeatHoldsOptions } from './seat-holds.js';
export { registerWriteMarks, type WriteMarks } from './write-marks.js';
export type { SeatStreamLimits } from './seat-stream.routes.js';
export type { SeatChange, SeatSubscriber } from './seat-change-feed.js';
export type { TakenSeats } from './seat-holds.repository.js';
export {
  /** The seat rules of an exchange's new seats (decision 025), as a hold checks them. */
  checkRules as checkSeatRules,
  salesCloseAt,
  salesClosed,
  seatIdsOfLabels,
  seatRuleError,
  showNotOnSale,
  type HeldSeatRow,
  type HoldOrderView,
} from './seat-hold.service.js';
/** The layout's rows: seats grouped by y, in x order (the staff's seat board). */
export { rowsOf } from './seat-availability.service.js';

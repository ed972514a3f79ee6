import { yuanToFen, fenToYuan } from '../money.js';

export interface PricedSeat {
  discountPrice: number;
}

/**
 * Spec §3: total is the sum of the seats' discountPrice rounded to 2 decimals, and exists only when
 * cinema, show and at least one seat are set. Summed in fen so 0.1 + 0.2 is 0.3.
 */
export function filmOrderTotal(order: {
  cinemaInfo?: unknown;
  showInfo?: unknown;
  seats?: readonly PricedSeat[];
}): number | undefined {
  const seats = order.seats ?? [];
  if (!order.cinemaInfo || !order.showInfo || seats.length === 0) return undefined;
  return fenToYuan(seats.reduce((sum, seat) => sum + yuanToFen(seat.discountPrice), 0));
}

/**
 * Orders move only through this table (film and store alike). The database holds the same rows
 * (table order_status_transitions) and a trigger refuses any other move.
 *
 * pending_payment → paid → ticketed (film) | ready (store) → used; cancelled; expired; refunded.
 */
export const orderStatuses = [
  'pending_payment',
  'paid',
  'ticketed',
  'ready',
  'used',
  'cancelled',
  'expired',
  'refunded',
] as const;

export type OrderStatus = (typeof orderStatuses)[number];

export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled', 'expired'],
  paid: ['ticketed', 'ready', 'refunded'],
  ticketed: ['used', 'refunded'],
  ready: ['used', 'refunded'],
  used: [],
  cancelled: [],
  expired: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

/** The two kinds of order (`orders.kind`); spec §3's `param` spells them FILM_ORDER / STORE_ORDER. */
export const orderKinds = ['film', 'store'] as const;
export type OrderKind = (typeof orderKinds)[number];

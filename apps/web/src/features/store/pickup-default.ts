import type { OrderSummary } from '@marquee/contracts';

/**
 * Which cinema the pickup starts at: the one the user picked last time, else the cinema of their
 * latest ticket (where they will be), else the first of the list (nearest when the location is
 * known). Only cinemas of the list count.
 */
export function defaultPickupCinemaId(
  cinemaIds: readonly string[],
  savedId: string | undefined,
  filmOrders: readonly Pick<OrderSummary, 'status' | 'cinemaId'>[],
): string | undefined {
  const known = (id: string | null | undefined): id is string => !!id && cinemaIds.includes(id);
  if (known(savedId)) return savedId;
  const ticket = filmOrders.find(
    (order) => (order.status === 'ticketed' || order.status === 'used') && known(order.cinemaId),
  );
  return ticket?.cinemaId ?? cinemaIds[0];
}

import { createFilmOrderCall, type CallBody } from '@marquee/contracts';
import { api } from '@/lib/api/api';

/** POST /filmOrder/create: holds the seats and answers the pending order. */
export function createFilmOrder(body: CallBody<typeof createFilmOrderCall>) {
  return api(createFilmOrderCall, { body });
}

import { useSyncExternalStore } from 'react';
import type { CinemaInfo, FilmOrder, FilmOrderSeat, ShowInfo } from '@marquee/contracts';
import { createFilmOrder } from '../api/create-film-order';
import { createFilmOrderStore } from '../film-order-store';

/** The app's one film order (spec §3), kept in sessionStorage so /cinema/order survives a reload. */
export const filmOrderStore = createFilmOrderStore<CinemaInfo, ShowInfo, FilmOrderSeat, FilmOrder>({
  storage: typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
  hold: ({ showInfo, seats }) =>
    createFilmOrder({ showId: showInfo.showId, seatIds: seats.map((seat) => seat.id) }),
});

export type FilmOrderSnapshot = ReturnType<typeof filmOrderStore.get>;

export function useFilmOrder(): FilmOrderSnapshot {
  return useSyncExternalStore(filmOrderStore.subscribe, filmOrderStore.get, filmOrderStore.get);
}

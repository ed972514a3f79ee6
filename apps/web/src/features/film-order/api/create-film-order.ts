import {
  createFilmOrderCall,
  type CallBody,
  type CinemaInfo,
  type FilmOrder,
  type FilmOrderSeat,
  type ShowInfo,
} from '@marquee/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';
import { filmOrderStore, type FilmOrderChoice } from '../film-order-store';

/** POST /filmOrder/create: holds the seats and answers the pending order. */
export function createFilmOrder(body: CallBody<typeof createFilmOrderCall>) {
  return api(createFilmOrderCall, { body });
}

export type FilmOrderInput = FilmOrderChoice<CinemaInfo, ShowInfo, FilmOrderSeat>;

/**
 * Spec §4's "create an order" as a mutation: the choice goes to the client store, the server holds
 * the seats, and its answer becomes the show's pending order in the query cache, which is all
 * /cinema/order reads. Navigating there is the caller's business.
 */
export function createFilmOrderMutation(
  queryClient: QueryClient,
  deps: {
    store: { choose(choice: FilmOrderInput): void };
    create: (body: CallBody<typeof createFilmOrderCall>) => Promise<FilmOrder>;
  } = { store: filmOrderStore, create: createFilmOrder },
) {
  return {
    mutationFn: (choice: FilmOrderInput): Promise<FilmOrder> =>
      deps.create({
        showId: choice.showInfo.showId,
        seatLabels: choice.seats.map((seat) => seat.label),
      }),
    onMutate: (choice: FilmOrderInput) => {
      deps.store.choose(choice);
    },
    onSuccess: (order: FilmOrder) => {
      const { showId } = order.showInfo;
      queryClient.setQueryData(queryKeys.filmOrders.pending(showId), { order });
      void queryClient.invalidateQueries({ queryKey: queryKeys.shows.seats(showId) });
    },
  };
}

export function useCreateFilmOrder() {
  const queryClient = useQueryClient();
  return useMutation(createFilmOrderMutation(queryClient));
}

import { filmOrderTotal, type PricedSeat } from '@marquee/contracts';

/**
 * Spec §3: the film order held on the client: cinemaInfo, showInfo (has showId), the seat list
 * (each seat has discountPrice), total, and the order the server answered.
 */
export interface FilmOrderState<
  Cinema,
  Show extends { showId: string },
  Seat extends PricedSeat,
  Order,
> {
  cinemaInfo?: Cinema;
  showInfo?: Show;
  seats: Seat[];
  /** Sum of the seats' discountPrice, 2 decimals; only when cinema, show and ≥ 1 seat are set. */
  total?: number;
  order?: Order;
}

/** Where the store survives a reload of /cinema/order: sessionStorage in the browser. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const FILM_ORDER_STORAGE_KEY = 'marquee.filmOrder';

export function filmOrderPath(showId: string): string {
  return `/cinema/order?showId=${encodeURIComponent(showId)}`;
}

export function createFilmOrderStore<
  Cinema,
  Show extends { showId: string },
  Seat extends PricedSeat,
  Order,
>(deps: {
  storage?: KeyValueStorage | undefined;
  /** The server's create call: holds the seats and answers the order. */
  hold: (input: { cinemaInfo: Cinema; showInfo: Show; seats: Seat[] }) => Promise<Order>;
}) {
  type State = FilmOrderState<Cinema, Show, Seat, Order>;
  const listeners = new Set<() => void>();

  const withTotal = (next: Omit<State, 'total'>): State => {
    const total = filmOrderTotal(next);
    const state: State = { ...next };
    if (total !== undefined) state.total = total;
    return state;
  };

  const restore = (): State => {
    try {
      const text = deps.storage?.getItem(FILM_ORDER_STORAGE_KEY);
      if (!text) return { seats: [] };
      const saved = JSON.parse(text) as Partial<State>;
      return withTotal({ ...saved, seats: Array.isArray(saved.seats) ? saved.seats : [] });
    } catch {
      return { seats: [] };
    }
  };

  let state = restore();

  const set = (next: Omit<State, 'total'>) => {
    state = withTotal(next);
    try {
      deps.storage?.setItem(FILM_ORDER_STORAGE_KEY, JSON.stringify(state));
    } catch {
      // A full or blocked storage only loses the reload fallback; the server still has the order.
    }
    for (const listener of listeners) listener();
  };

  return {
    get: (): State => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Put an order read from the server (the reload fallback) into the store. */
    restoreFrom(input: { cinemaInfo: Cinema; showInfo: Show; seats: Seat[]; order: Order }) {
      set(input);
    },
    /**
     * Spec §4: store cinema, show and seats, hold them on the server, keep its answer in `order`,
     * then go to /cinema/order?showId={showId}. A refused hold leaves no order and rethrows.
     */
    async createOrder(
      input: { cinemaInfo: Cinema; showInfo: Show; seats: Seat[] },
      navigate: (to: string) => void,
    ): Promise<Order> {
      set({ cinemaInfo: input.cinemaInfo, showInfo: input.showInfo, seats: input.seats });
      const order = await deps.hold(input);
      set({ ...state, order });
      navigate(filmOrderPath(input.showInfo.showId));
      return order;
    },
    /** Spec §4: reset clears show and seats (and the order that was made of them). */
    reset() {
      set({ cinemaInfo: state.cinemaInfo, seats: [] });
    },
  };
}

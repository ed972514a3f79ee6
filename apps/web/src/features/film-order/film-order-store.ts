import {
  filmOrderTotal,
  type CinemaInfo,
  type FilmOrderSeat,
  type PricedSeat,
  type ShowInfo,
} from '@marquee/contracts';

/**
 * Spec §3: the film order held on the client: cinemaInfo, showInfo (has showId), the seat list
 * (each seat has discountPrice) and total. Only the user's choice lives here; the order the server
 * made of it is server state, kept by TanStack Query (the pending-order query).
 */
export interface FilmOrderState<Cinema, Show extends { showId: string }, Seat extends PricedSeat> {
  cinemaInfo?: Cinema;
  showInfo?: Show;
  seats: Seat[];
  /** Sum of the seats' discountPrice, 2 decimals; only when cinema, show and ≥ 1 seat are set. */
  total?: number;
}

export interface FilmOrderChoice<Cinema, Show, Seat> {
  cinemaInfo: Cinema;
  showInfo: Show;
  seats: Seat[];
}

/** Where the choice survives a reload: sessionStorage in the browser. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const FILM_ORDER_STORAGE_KEY = 'marquee.filmOrder';

export function createFilmOrderStore<
  Cinema,
  Show extends { showId: string },
  Seat extends PricedSeat,
>(deps: { storage?: KeyValueStorage | undefined }) {
  type State = FilmOrderState<Cinema, Show, Seat>;
  const listeners = new Set<() => void>();

  const withTotal = (next: Omit<State, 'total'>): State => {
    const state: State = { seats: next.seats };
    if (next.cinemaInfo !== undefined) state.cinemaInfo = next.cinemaInfo;
    if (next.showInfo !== undefined) state.showInfo = next.showInfo;
    const total = filmOrderTotal(state);
    if (total !== undefined) state.total = total;
    return state;
  };

  const restore = (): State => {
    try {
      const text = deps.storage?.getItem(FILM_ORDER_STORAGE_KEY);
      if (!text) return { seats: [] };
      const saved = JSON.parse(text) as Partial<State>;
      return withTotal({
        cinemaInfo: saved.cinemaInfo,
        showInfo: saved.showInfo,
        seats: Array.isArray(saved.seats) ? saved.seats : [],
      });
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
      // A full or blocked storage only loses the reload fallback.
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
    /** Spec §4: creating an order first stores cinema, show and seats (`useCreateFilmOrder`). */
    choose(choice: FilmOrderChoice<Cinema, Show, Seat>) {
      set({ cinemaInfo: choice.cinemaInfo, showInfo: choice.showInfo, seats: choice.seats });
    },
    /** Spec §4: reset clears show and seats. */
    reset() {
      set({ cinemaInfo: state.cinemaInfo, seats: [] });
    },
  };
}

/** The app's one film order choice (spec §3), kept in sessionStorage so a reload keeps it. */
export const filmOrderStore = createFilmOrderStore<CinemaInfo, ShowInfo, FilmOrderSeat>({
  storage: typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
});

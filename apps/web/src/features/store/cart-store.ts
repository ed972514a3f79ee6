import { storeOrderMaxLines, yuanToFen } from '@marquee/contracts';
import { clampQuantity, MAX_LINE_QUANTITY } from './goods-rules';

/** One variant in the cart, with what the cart shows of it (names and price as seen when added). */
export interface CartLine {
  goodsId: string;
  goodsInfoId: string;
  goodsName: string;
  goodsInfoName: string;
  imageUrl: string;
  /** Unit price, yuan. */
  price: number;
  quantity: number;
  /** The most this line may hold: the stock when added (or as the server last said), at most 20. */
  maxQuantity: number;
}

/**
 * What /store/order/payment pays for: the whole cart, or one line bought at once (立即购买) while
 * the cart stays as it was. Once the server made the order, `orderId` names it, so paying again
 * after a failed or cancelled payment never makes a second order.
 */
export interface Checkout {
  source: 'cart' | 'buyNow';
  lines: CartLine[];
  orderId?: string;
}

export interface CartState {
  lines: CartLine[];
  checkout: Checkout | null;
  /** The pickup cinema chosen last time: the next checkout starts there. */
  pickupCinemaId?: string;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const CART_STORAGE_KEY = 'marquee.cart';

export type AddResult =
  | { ok: true; quantity: number; isCapped: boolean }
  | { ok: false; reason: 'CART_FULL' | 'NO_STOCK' };

export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The lines' total in fen: unit price × quantity, summed in integers. */
export function cartTotalFen(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + yuanToFen(line.price) * line.quantity, 0);
}

function isLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.goodsInfoId === 'string' &&
    typeof line.goodsId === 'string' &&
    typeof line.price === 'number' &&
    typeof line.quantity === 'number' &&
    line.quantity > 0
  );
}

function restore(storage: KeyValueStorage | undefined): CartState {
  try {
    const text = storage?.getItem(CART_STORAGE_KEY);
    if (!text) return { lines: [], checkout: null };
    const saved = JSON.parse(text) as Partial<CartState>;
    const lines = Array.isArray(saved.lines) ? saved.lines.filter(isLine) : [];
    const checkout =
      saved.checkout && Array.isArray(saved.checkout.lines)
        ? { ...saved.checkout, lines: saved.checkout.lines.filter(isLine) }
        : null;
    const state: CartState = { lines, checkout };
    if (typeof saved.pickupCinemaId === 'string') state.pickupCinemaId = saved.pickupCinemaId;
    return state;
  } catch {
    return { lines: [], checkout: null };
  }
}

function setLineQuantity(lines: CartLine[], goodsInfoId: string, quantity: number): CartLine[] {
  return lines.flatMap((line) => {
    if (line.goodsInfoId !== goodsInfoId) return [line];
    const next = clampQuantity(quantity, line.maxQuantity);
    return quantity <= 0 || next <= 0 ? [] : [{ ...line, quantity: next }];
  });
}

/** The store's cart and checkout, kept in the browser's storage so they survive a reload. */
export function createCartStore(deps: { storage?: KeyValueStorage | undefined }) {
  const listeners = new Set<() => void>();
  let state = restore(deps.storage);

  const set = (next: CartState) => {
    state = next;
    try {
      deps.storage?.setItem(CART_STORAGE_KEY, JSON.stringify(state));
    } catch {
      // A full or blocked storage only loses the cart on reload.
    }
    for (const listener of listeners) listener();
  };
  const withCheckout = (checkout: Checkout | null, lines = state.lines): CartState => ({
    ...state,
    lines,
    checkout,
  });

  return {
    get: (): CartState => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Another tab changed the cart: read it again. */
    reload() {
      state = restore(deps.storage);
      for (const listener of listeners) listener();
    },

    /** Add a variant; the same variant again adds up, never beyond its stock or 20. */
    add(line: CartLine): AddResult {
      const max = Math.min(line.maxQuantity, MAX_LINE_QUANTITY);
      if (max <= 0 || line.quantity <= 0) return { ok: false, reason: 'NO_STOCK' };
      const existing = state.lines.find((other) => other.goodsInfoId === line.goodsInfoId);
      if (!existing && state.lines.length >= storeOrderMaxLines) {
        return { ok: false, reason: 'CART_FULL' };
      }
      const wanted = (existing?.quantity ?? 0) + line.quantity;
      const quantity = Math.min(wanted, max);
      const merged: CartLine = { ...line, maxQuantity: max, quantity };
      const lines = existing
        ? state.lines.map((other) => (other.goodsInfoId === line.goodsInfoId ? merged : other))
        : [...state.lines, merged];
      set({ ...state, lines });
      return { ok: true, quantity, isCapped: quantity < wanted };
    },
    /** A quantity of 0 or less removes the line; more than it may hold is lowered. */
    setQuantity(goodsInfoId: string, quantity: number) {
      set({ ...state, lines: setLineQuantity(state.lines, goodsInfoId, quantity) });
    },
    remove(goodsInfoId: string) {
      set({ ...state, lines: state.lines.filter((line) => line.goodsInfoId !== goodsInfoId) });
    },
    clear() {
      set({ ...state, lines: [] });
    },

    /** 去结算: pay for the whole cart. */
    checkoutCart() {
      set(withCheckout({ source: 'cart', lines: state.lines.map((line) => ({ ...line })) }));
    },
    /** 立即购买 (or 重新下单): pay for these lines only; the cart is left alone. */
    checkoutNow(lines: CartLine[]) {
      set(withCheckout({ source: 'buyNow', lines: lines.map((line) => ({ ...line })) }));
    },
    /** Change a line of the checkout before the order is made (and the cart's, when paying it). */
    setCheckoutQuantity(goodsInfoId: string, quantity: number) {
      const { checkout } = state;
      if (!checkout || checkout.orderId) return;
      const lines = setLineQuantity(checkout.lines, goodsInfoId, quantity);
      set(
        withCheckout(
          { ...checkout, lines },
          checkout.source === 'cart'
            ? setLineQuantity(state.lines, goodsInfoId, quantity)
            : state.lines,
        ),
      );
    },
    /** The server said only `available` are left: the line may hold no more than that. */
    limitCheckoutLine(goodsInfoId: string, available: number) {
      const { checkout } = state;
      if (!checkout) return;
      const limit = (lines: CartLine[]) =>
        lines.map((line) =>
          line.goodsInfoId === goodsInfoId
            ? {
                ...line,
                maxQuantity: Math.max(0, available),
                quantity: Math.min(line.quantity, Math.max(0, available)),
              }
            : line,
        );
      const cartLines =
        checkout.source === 'cart'
          ? limit(state.lines).filter((line) => line.quantity > 0)
          : state.lines;
      set(withCheckout({ ...checkout, lines: limit(checkout.lines) }, cartLines));
    },
    removeCheckoutLine(goodsInfoId: string) {
      const { checkout } = state;
      if (!checkout || checkout.orderId) return;
      const keep = (line: CartLine) => line.goodsInfoId !== goodsInfoId;
      set(
        withCheckout(
          { ...checkout, lines: checkout.lines.filter(keep) },
          checkout.source === 'cart' ? state.lines.filter(keep) : state.lines,
        ),
      );
    },
    /**
     * The server made the order (its stock is reserved): remember it, and take the cart's lines
     * that it holds out of the cart.
     */
    orderCreated(orderId: string) {
      const { checkout } = state;
      if (!checkout) return;
      const ordered = new Set(checkout.lines.map((line) => line.goodsInfoId));
      const lines =
        checkout.source === 'cart'
          ? state.lines.filter((line) => !ordered.has(line.goodsInfoId))
          : state.lines;
      set(withCheckout({ ...checkout, orderId }, lines));
    },
    /** This order was paid or cancelled: its checkout (if it is the current one) is over. */
    endCheckout(orderId: string) {
      if (state.checkout?.orderId === orderId) set(withCheckout(null));
    },
    setPickupCinema(cinemaId: string) {
      set({ ...state, pickupCinemaId: cinemaId });
    },
  };
}

/**
 * The till's basket before it is paid: the seats held for the show and the snacks picked, one
 * total. Fen throughout. The server prices the sale again when it is made; this is what the
 * cashier sees while building it.
 */
export interface BasketTicket {
  label: string;
  priceFen: number;
}

export interface BasketSnack {
  goodsId: string;
  variantId: string;
  name: string;
  /** The variant in words ("大杯"), empty for goods of one kind. */
  spec: string;
  unitFen: number;
  quantity: number;
  /** How many the cinema has left; null when stock is not counted. */
  stockLeft: number | null;
}

export interface Basket {
  tickets: BasketTicket[];
  snacks: BasketSnack[];
}

export const emptyBasket: Basket = { tickets: [], snacks: [] };

/** The most of one snack a single sale takes: a slip on the screen does not sell 100 colas. */
export const MAX_SNACK_QUANTITY = 20;

const sameVariant = (a: { variantId: string }, b: { variantId: string }) =>
  a.variantId === b.variantId;

/** The most of a snack the basket may hold: what is in stock, and never more than a sale takes. */
export const snackLimit = (snack: Pick<BasketSnack, 'stockLeft'>) =>
  Math.min(MAX_SNACK_QUANTITY, snack.stockLeft ?? MAX_SNACK_QUANTITY);

/** One more of a snack (added as a new line the first time), up to its limit. */
export function addSnack(basket: Basket, snack: Omit<BasketSnack, 'quantity'>): Basket {
  const existing = basket.snacks.find((line) => sameVariant(line, snack));
  if (!existing) {
    if (snackLimit(snack) < 1) return basket;
    return { ...basket, snacks: [...basket.snacks, { ...snack, quantity: 1 }] };
  }
  return setSnackQuantity(basket, snack.variantId, existing.quantity + 1);
}

/** A snack's quantity set (kept within 0 and its limit); 0 takes the line out. */
export function setSnackQuantity(basket: Basket, variantId: string, quantity: number): Basket {
  const snacks = basket.snacks.flatMap((line) => {
    if (line.variantId !== variantId) return [line];
    const next = Math.max(0, Math.min(snackLimit(line), Math.floor(quantity)));
    if (next === 0) return [];
    return next === line.quantity ? [line] : [{ ...line, quantity: next }];
  });
  return { ...basket, snacks };
}

export const ticketsTotalFen = (basket: Basket) =>
  basket.tickets.reduce((sum, ticket) => sum + ticket.priceFen, 0);

export const snacksTotalFen = (basket: Basket) =>
  basket.snacks.reduce((sum, snack) => sum + snack.unitFen * snack.quantity, 0);

export const basketTotalFen = (basket: Basket) => ticketsTotalFen(basket) + snacksTotalFen(basket);

export const snackCount = (basket: Basket) =>
  basket.snacks.reduce((sum, snack) => sum + snack.quantity, 0);

export const isBasketEmpty = (basket: Basket) =>
  basket.tickets.length === 0 && basket.snacks.length === 0;

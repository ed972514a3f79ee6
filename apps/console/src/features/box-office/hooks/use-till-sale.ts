import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { checkSeatSelection, takenSeatIdsOf, yuanToFen, type ShowLayout } from '@marquee/contracts';
import type { CounterSale, CounterShow } from '@marquee/contracts/console';
import { getLang } from '@/lib/i18n/i18n';
import { useCounterCancel, useCounterHold, useCounterSaleGoods } from '../api/use-counter-sale';
import { useSeatIds } from '../api/use-seat-ids';
import {
  addSnack,
  emptyBasket,
  setSnackQuantity,
  type Basket,
  type BasketSnack,
  type BasketTicket,
} from '../basket';
import type { TillSeat, TillSeatMap } from '../till-seats-model';

/** A pause in the cashier's taps before the chosen seats are held. */
const HOLD_AFTER_MS = 400;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * The sale being built at the till. Seats tapped are held on the server as one counter hold
 * (after a short pause, and only a choice the seat rules allow), replacing the till's earlier hold,
 * so moviegoers see them taken at once; snacks stay on the till until payment starts, when they go
 * onto the sale. The server's sale is the truth of prices and the total.
 */
export function useTillSale(options: {
  show: CounterShow | null;
  layout: ShowLayout | null;
  map: TillSeatMap | null;
}) {
  const { show, layout, map } = options;
  const queryClient = useQueryClient();
  const hold = useCounterHold();
  const seatIds = useSeatIds(show?.showId ?? '', show !== null);
  const idOf = seatIds.data;
  const { refetch: refetchSeatIds } = seatIds;
  const putGoods = useCounterSaleGoods();
  const cancel = useCounterCancel();
  const [chosen, setChosen] = useState<string[]>([]);
  const [heldLabels, setHeldLabels] = useState<string[]>([]);
  const [sale, setSale] = useState<CounterSale | null>(null);
  const [snacks, setSnacks] = useState<BasketSnack[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  // Seats of this sale show as "held" to everyone; for the rules they are the till's own.
  const mine = new Set(chosen);
  const ruleCheck =
    map && layout && chosen.length > 0
      ? checkSeatSelection(
          map,
          [...takenSeatIdsOf(map)].filter(
            (label) => !heldLabels.includes(label) && !mine.has(label),
          ),
          chosen,
          layout.maxSeatsPerOrder,
        )
      : null;
  const ruleProblem =
    ruleCheck && !ruleCheck.ok ? (ruleCheck.violations[0]?.hint[getLang()] ?? null) : null;

  const { mutate: holdSeats } = hold;
  const { mutate: cancelSale } = cancel;
  useEffect(() => {
    if (!show || !idOf || ruleProblem !== null || sameSet(chosen, heldLabels)) return;
    const timer = window.setTimeout(() => {
      if (chosen.length === 0) {
        if (sale) cancelSale(sale.orderId);
        setSale(null);
        setHeldLabels([]);
        return;
      }
      const asked = [...chosen];
      const ids = asked.map((label) => idOf.get(label));
      if (ids.some((id) => id === undefined)) {
        void refetchSeatIds();
        return;
      }
      holdSeats(
        { showId: show.showId, seatIds: ids as string[] },
        {
          onSuccess: (answer) => {
            setSale(answer);
            setHeldLabels(asked);
            setProblem(null);
          },
          onError: (error) => {
            setProblem(error.message);
            // Back to what the server holds for this sale.
            setChosen(heldLabels);
            void queryClient.invalidateQueries({
              queryKey: ['console', 'box-office', 'availability'],
            });
          },
        },
      );
    }, HOLD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [
    chosen,
    heldLabels,
    show,
    sale,
    idOf,
    refetchSeatIds,
    ruleProblem,
    holdSeats,
    cancelSale,
    queryClient,
  ]);

  const toggleSeat = (seat: TillSeat) => {
    setProblem(null);
    setChosen((current) =>
      current.includes(seat.label)
        ? current.filter((label) => label !== seat.label)
        : [...current, seat.label],
    );
  };

  const basketSnacks: Basket = { ...emptyBasket, snacks };
  const isInSync = sameSet(chosen, heldLabels) && !hold.isPending;
  const tickets: BasketTicket[] =
    sale && isInSync
      ? sale.seats.map((seat) => ({ label: seat.label, priceFen: yuanToFen(seat.price) }))
      : chosen.map((label) => ({ label, priceFen: previewPrice(layout, map, label) }));
  const basket: Basket = { tickets, snacks };

  /** Put the snacks on the sale and answer it, ready to pay; null when that failed (said why). */
  const prepareToPay = async (): Promise<CounterSale | null> => {
    if (!sale || !isInSync) return null;
    try {
      const ready = await putGoods.mutateAsync({
        orderId: sale.orderId,
        items: snacks.map((line) => ({ goodsInfoId: line.variantId, quantity: line.quantity })),
      });
      setSale(ready);
      return ready;
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      return null;
    }
  };

  /** Start over: the held seats go back unless the sale was paid. */
  const reset = (options: { isPaid?: boolean } = {}) => {
    if (sale && !options.isPaid) cancelSale(sale.orderId);
    setChosen([]);
    setHeldLabels([]);
    setSale(null);
    setSnacks([]);
    setProblem(null);
  };

  return {
    chosen: mine,
    sale,
    basket,
    problem: problem ?? ruleProblem,
    isHolding: hold.isPending || (!isInSync && ruleProblem === null && chosen.length > 0),
    isPreparing: putGoods.isPending,
    canPay: sale !== null && isInSync && ruleProblem === null && chosen.length > 0,
    toggleSeat,
    addSnack: (snack: Omit<BasketSnack, 'quantity'>) =>
      setSnacks((current) => addSnack({ ...basketSnacks, snacks: current }, snack).snacks),
    setSnackQuantity: (variantId: string, quantity: number) =>
      setSnacks(
        (current) =>
          setSnackQuantity({ ...basketSnacks, snacks: current }, variantId, quantity).snacks,
      ),
    prepareToPay,
    reset,
  };
}

/**
 * A seat's price before the server has priced the hold: its area's price as the counter sells it
 * (the member price moviegoers pay online, `discountPrice`).
 */
function previewPrice(layout: ShowLayout | null, map: TillSeatMap | null, label: string): number {
  if (!layout || !map) return 0;
  for (const row of map.rows) {
    const seat = row.seats.find((candidate) => candidate.label === label);
    if (seat) return yuanToFen(layout.priceAreas[seat.areaIndex]?.discountPrice ?? 0);
  }
  return 0;
}

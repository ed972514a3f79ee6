import type { SeatKind } from '../calls/cinema.js';
import { checkSeatSelection, type RuleLayout } from '../rules/seat-rules.js';

/**
 * Where to move the buyers of a show's broken seats (decision 017): for each affected order, the
 * nearest free seats of the same price area as the seats it loses.
 * - An order keeps its party together: when it also has seats that are not broken (`keptSeatIds`),
 *   the whole order moves to one unbroken run of one row if one is free (its unbroken seats may
 *   stay where they are when the run includes them); only when no run fits do the lost seats move
 *   alone.
 * - The seats an order loses in one area move as a group: one unbroken run of one row when the
 *   hall has such a run free (a couple pair only onto a couple pair), else each seat on its own.
 * - Nearest: the sum of the distances from each lost seat to its new seat, rows counting
 *   `ROW_WEIGHT` times a seat width (a row back is further than a seat aside).
 * - The single-empty-seat rule of the seat map is kept unless keeping it costs more than
 *   `GAP_PENALTY` seat widths of distance.
 * - Never a blocked, held, sold or unavailable seat; never a seat already proposed to another
 *   order (orders with more seats to move are placed first, then by order id: stable answers).
 * An order whose seats cannot all be placed gets `null`: the console suggests a refund.
 */

export const ROW_WEIGHT = 2;
export const GAP_PENALTY = 4;

export interface ReseatSeat {
  id: string;
  label: string;
  x: number;
  y: number;
  kind: SeatKind;
  areaId: string | null;
}

export interface ReseatOrder {
  orderId: string;
  /** The order's seats to move (broken ones). */
  seatIds: readonly string[];
  /** Its other seats in this show (not broken): moved too only to keep the party in one run. */
  keptSeatIds?: readonly string[];
}

export interface SeatMove {
  fromSeatId: string;
  toSeatId: string;
}

/** Per order id: the moves of all its lost seats, or null when they cannot all be placed. */
export type ReseatProposals = Map<string, SeatMove[] | null>;

const isCouple = (kind: SeatKind) => kind === 'couple-left' || kind === 'couple-right';

export function proposeReseats(
  seats: readonly ReseatSeat[],
  /** Seats nobody may be moved to: held, sold, blocked (the lost seats themselves included). */
  occupiedSeatIds: Iterable<string>,
  orders: readonly ReseatOrder[],
): ReseatProposals {
  const byId = new Map(seats.map((seat) => [seat.id, seat]));
  const taken = new Set(occupiedSeatIds);
  for (const order of orders) for (const seatId of order.seatIds) taken.add(seatId);
  const layout = layoutOf(seats);
  const rows = [...layout.rows].map((row) => row.seats as ReseatSeat[]);

  const proposals: ReseatProposals = new Map();
  const ordered = [...orders].sort(
    (a, b) => b.seatIds.length - a.seatIds.length || a.orderId.localeCompare(b.orderId),
  );
  for (const order of ordered) {
    const lost = order.seatIds
      .map((seatId) => byId.get(seatId))
      .filter((seat): seat is ReseatSeat => seat !== undefined);
    const together = lost.length === order.seatIds.length ? wholeParty(order, lost) : null;
    if (together) {
      for (const move of together) taken.add(move.toSeatId);
      proposals.set(order.orderId, together);
      continue;
    }
    const moves: SeatMove[] = [];
    let isPlaced = lost.length === order.seatIds.length && lost.length > 0;
    for (const group of groupsByArea(lost)) {
      if (!isPlaced) break;
      const placed =
        bestRun(rows, layout, taken, group) ?? oneByOne(seats, layout, taken, group) ?? null;
      if (!placed) isPlaced = false;
      else {
        moves.push(...placed);
        for (const move of placed) taken.add(move.toSeatId);
      }
    }
    if (!isPlaced) for (const move of moves) taken.delete(move.toSeatId);
    proposals.set(order.orderId, isPlaced ? moves : null);
  }
  return proposals;

  /** The whole order in one run of one row (its unbroken seats may stay), or null. */
  function wholeParty(order: ReseatOrder, lost: readonly ReseatSeat[]): SeatMove[] | null {
    const kept = (order.keptSeatIds ?? [])
      .map((seatId) => byId.get(seatId))
      .filter((seat): seat is ReseatSeat => seat !== undefined);
    const party = [...kept, ...lost];
    const area = party[0]?.areaId;
    if (kept.length === 0 || party.some((seat) => seat.areaId !== area || isCouple(seat.kind))) {
      return null;
    }
    // The party's own seats are free to it (the broken ones stay taken: they are blocked).
    const freeToIt = new Set(taken);
    for (const seat of kept) freeToIt.delete(seat.id);
    const run = bestRun(rows, layout, freeToIt, party);
    if (!run) return null;
    // Seats of the party already in the run stay; the others take the run's remaining seats.
    const targets = new Set(run.map((move) => move.toSeatId));
    const staying = new Set(kept.filter((seat) => targets.has(seat.id)).map((seat) => seat.id));
    const byPlace = (a: ReseatSeat, b: ReseatSeat) => a.x - b.x || a.y - b.y;
    const open = [...targets]
      .filter((seatId) => !staying.has(seatId))
      .map((seatId) => byId.get(seatId)!)
      .sort(byPlace);
    const movers = party.filter((seat) => !staying.has(seat.id)).sort(byPlace);
    return movers.map((seat, i) => ({ fromSeatId: seat.id, toSeatId: open[i]!.id }));
  }
}

function layoutOf(seats: readonly ReseatSeat[]): RuleLayout {
  const rows = new Map<number, ReseatSeat[]>();
  for (const seat of seats) rows.set(seat.y, [...(rows.get(seat.y) ?? []), seat]);
  return {
    rows: [...rows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, row]) => ({ seats: row.sort((a, b) => a.x - b.x) })),
  };
}

function groupsByArea(lost: readonly ReseatSeat[]): ReseatSeat[][] {
  const groups = new Map<string, ReseatSeat[]>();
  for (const seat of lost) {
    const key = seat.areaId ?? '';
    groups.set(key, [...(groups.get(key) ?? []), seat]);
  }
  return [...groups.values()].map((group) => group.sort((a, b) => a.y - b.y || a.x - b.x));
}

const distance = (a: ReseatSeat, b: ReseatSeat) => Math.hypot(a.x - b.x, (a.y - b.y) * ROW_WEIGHT);

const canTake = (seat: ReseatSeat, like: ReseatSeat, taken: ReadonlySet<string>) =>
  !taken.has(seat.id) &&
  seat.kind !== 'unavailable' &&
  seat.areaId === like.areaId &&
  isCouple(seat.kind) === isCouple(like.kind);

function leavesSingleGap(layout: RuleLayout, taken: ReadonlySet<string>, ids: string[]) {
  const check = checkSeatSelection(layout, taken, ids, ids.length);
  return !check.ok && check.violations.some((violation) => violation.code === 'SINGLE_GAP');
}

/** The cheapest run of adjacent free seats in one row for the whole group, or null. */
function bestRun(
  rows: readonly ReseatSeat[][],
  layout: RuleLayout,
  taken: ReadonlySet<string>,
  group: readonly ReseatSeat[],
): SeatMove[] | null {
  const size = group.length;
  const byX = [...group].sort((a, b) => a.x - b.x || a.y - b.y);
  let best: { cost: number; moves: SeatMove[] } | null = null;
  for (const row of rows) {
    for (let start = 0; start + size <= row.length; start += 1) {
      const run = row.slice(start, start + size);
      const isAdjacent = run.every((seat, i) => i === 0 || seat.x === run[i - 1]!.x + 1);
      if (!isAdjacent || !run.every((seat, i) => canTake(seat, byX[i]!, taken))) continue;
      const ids = run.map((seat) => seat.id);
      const check = checkSeatSelection(layout, taken, ids, size);
      if (!check.ok && check.violations.some((v) => v.code === 'COUPLE_SPLIT')) continue;
      const gap = !check.ok && check.violations.some((v) => v.code === 'SINGLE_GAP');
      const cost =
        run.reduce((sum, seat, i) => sum + distance(seat, byX[i]!), 0) + (gap ? GAP_PENALTY : 0);
      if (!best || cost < best.cost - 1e-9) {
        best = {
          cost,
          moves: run.map((seat, i) => ({ fromSeatId: byX[i]!.id, toSeatId: seat.id })),
        };
      }
    }
  }
  return best?.moves ?? null;
}

/** No run fits: each seat to its own nearest free seat of the area (couple seats never split). */
function oneByOne(
  seats: readonly ReseatSeat[],
  layout: RuleLayout,
  takenBefore: ReadonlySet<string>,
  group: readonly ReseatSeat[],
): SeatMove[] | null {
  if (group.some((seat) => isCouple(seat.kind))) return null;
  const taken = new Set(takenBefore);
  const moves: SeatMove[] = [];
  for (const lost of group) {
    let best: { cost: number; seat: ReseatSeat } | null = null;
    for (const seat of seats) {
      if (!canTake(seat, lost, taken)) continue;
      const cost =
        distance(seat, lost) + (leavesSingleGap(layout, taken, [seat.id]) ? GAP_PENALTY : 0);
      if (!best || cost < best.cost - 1e-9) best = { cost, seat };
    }
    if (!best) return null;
    taken.add(best.seat.id);
    moves.push({ fromSeatId: lost.id, toSeatId: best.seat.id });
  }
  return moves;
}

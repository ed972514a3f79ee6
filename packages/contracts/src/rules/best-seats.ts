import { checkSeatSelection, type RuleSeat } from './seat-rules.js';

/**
 * 推荐选座: the best free block of N seats of a show (decision 023). A pure function of the seat map
 * (the `/show/seats` answer fits as it is), so the seat page answers at once and the server could
 * use the same rule.
 *
 * A block is N side-by-side seats of one row (no aisle between them), all free, all of one price
 * area, with couple seats only as whole pairs, and never breaking the seat rules (single gap,
 * stranded companion seat): the same `checkSeatSelection` that holds enforce. Wheelchair spaces
 * are left to those who need them: a block never includes one. Blocks are ranked by their distance
 * from the hall's sweet spot: the centre of the widest row, about two thirds back from the screen,
 * rows counting more than columns the further forward they are (a front row is worse than a side
 * seat).
 *
 * When no row has such a block, the best split over two adjacent rows (ceil(N/2) in one, the rest
 * right behind or in front, same price area, lined up as well as possible) is offered instead.
 */

export interface BestSeatsSeat extends RuleSeat {
  areaId?: string | null;
}

export interface BestSeatsLayout {
  rows: readonly { seats: readonly BestSeatsSeat[] }[];
}

export type BestSeatsResult =
  { kind: 'row'; seatIds: string[] } | { kind: 'split'; seatIds: string[] } | { kind: 'none' };

interface Block {
  ids: string[];
  /** Mean x and the row's y. */
  x: number;
  y: number;
  area: string;
  score: number;
}

export function bestSeats(layout: BestSeatsLayout, count: number): BestSeatsResult {
  if (count < 1 || layout.rows.length === 0) return { kind: 'none' };
  const spot = sweetSpot(layout);
  const rowBlocks = (size: number) =>
    layout.rows.map((row) =>
      candidatesOf(row.seats, size, spot).filter((block) => obeysRules(row.seats, block, count)),
    );

  // Candidates by score, best first; the rules are checked only until one passes.
  const best = layout.rows
    .flatMap((row, index) =>
      candidatesOf(row.seats, count, spot).map((block) => ({ block, index })),
    )
    .sort((a, b) => a.block.score - b.block.score)
    .find(({ block, index }) => obeysRules(layout.rows[index]!.seats, block, count));
  if (best) return { kind: 'row', seatIds: best.block.ids };
  if (count < 2) return { kind: 'none' };

  // No row has the whole block: the best pair of blocks in two adjacent rows.
  const big = Math.ceil(count / 2);
  const small = count - big;
  const bigs = rowBlocks(big);
  const smalls = big === small ? bigs : rowBlocks(small);
  let split: { ids: string[]; score: number } | undefined;
  for (let index = 0; index < layout.rows.length; index += 1) {
    for (const other of [index - 1, index + 1]) {
      if (other < 0 || other >= layout.rows.length) continue;
      const yA = layout.rows[index]!.seats[0]?.y;
      const yB = layout.rows[other]!.seats[0]?.y;
      if (yA === undefined || yB === undefined || Math.abs(yA - yB) !== 1) continue;
      for (const a of bigs[index]!)
        for (const b of smalls[other]!) {
          if (a.area !== b.area) continue;
          const score = a.score + b.score + Math.abs(a.x - b.x) * 0.5;
          if (!split || score < split.score) split = { ids: [...a.ids, ...b.ids], score };
        }
    }
  }
  if (!split) return { kind: 'none' };
  // Both blocks were checked alone; together they touch no common row, so they stay valid.
  return { kind: 'split', seatIds: split.ids };
}

/** The centre of the widest row, about two thirds back from the screen. */
export function sweetSpot(layout: BestSeatsLayout): { x: number; y: number; depth: number } {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const row of layout.rows)
    for (const seat of row.seats) {
      minX = Math.min(minX, seat.x);
      maxX = Math.max(maxX, seat.x);
      minY = Math.min(minY, seat.y);
      maxY = Math.max(maxY, seat.y);
    }
  const depth = Math.max(1, maxY - minY);
  return { x: (minX + maxX) / 2, y: minY + depth * (2 / 3), depth };
}

const isTakenSeat = (seat: BestSeatsSeat) =>
  seat.kind === 'unavailable' || (seat.state !== undefined && seat.state !== 'available');

/**
 * Every block of `size` free, side-by-side seats of one price area in one row, scored (lower is
 * better); the seat rules are not checked yet.
 */
function candidatesOf(
  seats: readonly BestSeatsSeat[],
  size: number,
  spot: { x: number; y: number; depth: number },
): Block[] {
  const blocks: Block[] = [];
  // How many usable seats end at each index, side by side: a window is usable when it is >= size.
  let run = 0;
  for (let end = 0; end < seats.length; end += 1) {
    const seat = seats[end]!;
    const previous = seats[end - 1];
    const isUsable = seat.kind !== 'wheelchair' && !isTakenSeat(seat);
    const isJoined =
      previous !== undefined &&
      previous.x === seat.x - 1 &&
      (previous.areaId ?? '') === (seat.areaId ?? '');
    run = isUsable ? (isJoined ? run + 1 : 1) : 0;
    if (run < size) continue;
    const first = seats[end - size + 1]!;
    const x = (first.x + seat.x) / 2;
    blocks.push({
      ids: seats.slice(end - size + 1, end + 1).map((one) => one.id),
      x,
      y: seat.y,
      area: seat.areaId ?? '',
      score: scoreOf(x, seat.y, spot),
    });
  }
  return blocks;
}

/** The seat rules holds obey (single gap, couple pairs, companion seats), on the block's row. */
function obeysRules(seats: readonly BestSeatsSeat[], block: Block, maxSeats: number): boolean {
  const taken = seats.filter(isTakenSeat).map((seat) => seat.id);
  return checkSeatSelection({ rows: [{ seats }] }, taken, block.ids, maxSeats).ok;
}

function scoreOf(x: number, y: number, spot: { x: number; y: number; depth: number }): number {
  const dy = y - spot.y;
  // In front of the sweet spot a row costs twice what it does behind it: necks suffer more.
  const rowCost = dy < 0 ? -dy * 2 : dy;
  const dx = Math.abs(x - spot.x);
  return rowCost * rowCost + dx * dx * 0.5 + x * 1e-6;
}

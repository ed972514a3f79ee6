import type { SeatKind, SeatState } from '../calls/cinema.js';
import { seatName } from './seat-name.js';

/**
 * The seat-choosing rules of a film order, shared by the server (which enforces them) and the seat
 * map (which explains them before the user taps "confirm"):
 * - at most `maxSeats` seats, at least one, each existing, for sale and not taken;
 * - couple seats only as their left/right pair;
 * - no single empty seat left between a chosen seat and a taken seat, an aisle (a gap in the grid)
 *   or the row's end — the usual rule of Chinese cinema apps. Only gaps the selection creates
 *   count: a lone empty seat that existed before does not block, and neither does one that cannot
 *   be avoided (the chosen seats leave exactly one free seat in their run).
 * Couple seats are units of two, so they are never a "single" seat and they bound a run of
 * ordinary seats like an aisle does. Wheelchair spaces count as ordinary seats.
 * - A wheelchair space's companion seat (`companionSeatOf`: the ordinary seat beside it) is never
 *   stranded: a choice may not leave it free between its wheelchair space (taken or chosen) and a
 *   taken seat, an aisle or a chosen seat, not even where the single-gap rule would let it pass as
 *   unavoidable (decision 023).
 */

export interface RuleSeat {
  id: string;
  x: number;
  y: number;
  kind: SeatKind;
  label: string;
  state?: SeatState;
}

/** The seat map's rows (the `/show/seats` answer fits as it is). */
export interface RuleLayout {
  rows: readonly { seats: readonly RuleSeat[] }[];
}

export type SeatRuleCode =
  | 'NO_SEATS'
  | 'TOO_MANY_SEATS'
  | 'DUPLICATE_SEAT'
  | 'UNKNOWN_SEAT'
  | 'SEAT_NOT_FOR_SALE'
  | 'SEAT_TAKEN'
  | 'COUPLE_SPLIT'
  | 'SINGLE_GAP'
  | 'COMPANION_STRANDED';

export interface SeatRuleViolation {
  code: SeatRuleCode;
  /** The seat concerned: for SINGLE_GAP the seat that would be left empty. */
  seatLabel?: string;
  /** How to fix it, in both languages. */
  hint: { zh: string; en: string };
}

export type SeatSelectionCheck = { ok: true } | { ok: false; violations: SeatRuleViolation[] };

/** The ids of the seats a layout shows as taken (held, sold or not for sale). */
export function takenSeatIdsOf(layout: RuleLayout): Set<string> {
  const taken = new Set<string>();
  for (const row of layout.rows)
    for (const seat of row.seats)
      if (seat.state !== undefined && seat.state !== 'available') taken.add(seat.id);
  return taken;
}

export function checkSeatSelection(
  layout: RuleLayout,
  takenSeatIds: Iterable<string>,
  chosenSeatIds: readonly string[],
  maxSeats: number,
): SeatSelectionCheck {
  const violations: SeatRuleViolation[] = [];
  const byId = new Map<string, RuleSeat>();
  for (const row of layout.rows) for (const seat of row.seats) byId.set(seat.id, seat);
  const taken = new Set(takenSeatIds);

  if (chosenSeatIds.length === 0) violations.push(noSeats());
  const chosen = new Set<string>();
  for (const seatId of chosenSeatIds) {
    const seat = byId.get(seatId);
    if (chosen.has(seatId)) violations.push(duplicate(seat?.label ?? seatId));
    chosen.add(seatId);
    if (!seat) violations.push(unknown(seatId));
    else if (seat.kind === 'unavailable') violations.push(notForSale(seat.label));
    else if (taken.has(seatId)) violations.push(seatTaken(seat.label));
  }
  if (chosen.size > maxSeats) violations.unshift(tooMany(maxSeats));

  violations.push(...coupleSplits(layout, chosen));
  const gaps = singleGaps(layout, taken, chosen);
  violations.push(...gaps);
  const gapLabels = new Set(gaps.map((gap) => gap.seatLabel));
  violations.push(
    ...strandedCompanions(layout, taken, chosen).filter((v) => !gapLabels.has(v.seatLabel)),
  );
  return violations.length === 0 ? { ok: true } : { ok: false, violations };
}

function coupleSplits(layout: RuleLayout, chosen: ReadonlySet<string>): SeatRuleViolation[] {
  const found: SeatRuleViolation[] = [];
  for (const row of layout.rows) {
    const atX = new Map(row.seats.map((seat) => [seat.x, seat]));
    for (const seat of row.seats) {
      if (seat.kind !== 'couple-left' && seat.kind !== 'couple-right') continue;
      const partner = seat.kind === 'couple-left' ? atX.get(seat.x + 1) : atX.get(seat.x - 1);
      const isPair =
        partner?.kind === (seat.kind === 'couple-left' ? 'couple-right' : 'couple-left');
      const partnerChosen = isPair && partner ? chosen.has(partner.id) : false;
      // Report a split pair once, at the half that was chosen.
      if (chosen.has(seat.id) && !partnerChosen) found.push(coupleSplit(seat.label));
    }
  }
  return found;
}

/** An ordinary seat: the single-seat rule applies to it and it joins runs with its neighbours. */
const isSingle = (seat: RuleSeat | undefined): seat is RuleSeat =>
  seat !== undefined && (seat.kind === 'normal' || seat.kind === 'wheelchair');

function singleGaps(
  layout: RuleLayout,
  taken: ReadonlySet<string>,
  chosen: ReadonlySet<string>,
): SeatRuleViolation[] {
  const found: SeatRuleViolation[] = [];
  for (const row of layout.rows) {
    const atX = new Map(row.seats.map((seat) => [seat.x, seat]));
    const isOpen = (seat: RuleSeat | undefined): seat is RuleSeat =>
      isSingle(seat) && !taken.has(seat.id);
    const isFree = (seat: RuleSeat | undefined): boolean => isOpen(seat) && !chosen.has(seat.id);
    const isChosen = (seat: RuleSeat | undefined): boolean =>
      seat !== undefined && chosen.has(seat.id);

    for (const seat of row.seats) {
      if (!isFree(seat)) continue;
      const left = atX.get(seat.x - 1);
      const right = atX.get(seat.x + 1);
      const isLone = !isFree(left) && !isFree(right);
      const byLeft = isSingle(left) && isChosen(left);
      const byRight = isSingle(right) && isChosen(right);
      if (!isLone || (!byLeft && !byRight)) continue;
      if (leftOpenAfter(atX, seat, isOpen, isChosen) === 1) continue; // unavoidable
      found.push(singleGap(seat.label, byLeft && byRight ? 'between' : byRight ? 'left' : 'right'));
    }
  }
  return found;
}

/**
 * The companion seat of a wheelchair space: the ordinary seat right beside it (to its right, else
 * to its left), if there is one.
 */
export function companionSeatOf<S extends RuleSeat>(
  row: { seats: readonly S[] },
  wheelchair: RuleSeat,
): S | undefined {
  if (wheelchair.kind !== 'wheelchair') return undefined;
  const at = (x: number) => row.seats.find((seat) => seat.x === x && seat.kind === 'normal');
  return at(wheelchair.x + 1) ?? at(wheelchair.x - 1);
}

function strandedCompanions(
  layout: RuleLayout,
  taken: ReadonlySet<string>,
  chosen: ReadonlySet<string>,
): SeatRuleViolation[] {
  const found: SeatRuleViolation[] = [];
  for (const row of layout.rows) {
    for (const wheelchair of row.seats) {
      const companion = companionSeatOf(row, wheelchair);
      if (!companion || taken.has(companion.id) || chosen.has(companion.id)) continue;
      if (!taken.has(wheelchair.id) && !chosen.has(wheelchair.id)) continue;
      const otherX = companion.x + (companion.x - wheelchair.x);
      const other = row.seats.find((seat) => seat.x === otherX);
      const isOtherFree =
        other !== undefined && isSingle(other) && !taken.has(other.id) && !chosen.has(other.id);
      const isCaused = chosen.has(wheelchair.id) || (other !== undefined && chosen.has(other.id));
      if (!isOtherFree && isCaused) found.push(companionStranded(companion.label));
    }
  }
  return found;
}

/** How many seats of the seat's open run (free before the choice) stay free after it. */
function leftOpenAfter(
  atX: ReadonlyMap<number, RuleSeat>,
  seat: RuleSeat,
  isOpen: (seat: RuleSeat | undefined) => seat is RuleSeat,
  isChosen: (seat: RuleSeat | undefined) => boolean,
): number {
  let free = 1;
  for (const step of [-1, 1]) {
    for (let x = seat.x + step; isOpen(atX.get(x)); x += step) {
      if (!isChosen(atX.get(x))) free += 1;
    }
  }
  return free;
}

const noSeats = (): SeatRuleViolation => ({
  code: 'NO_SEATS',
  hint: { zh: '请至少选择一个座位', en: 'Choose at least one seat.' },
});
const tooMany = (max: number): SeatRuleViolation => ({
  code: 'TOO_MANY_SEATS',
  hint: {
    zh: `每单最多可选 ${max} 个座位，请减少座位`,
    en: `You can choose at most ${max} seats per order. Remove some seats.`,
  },
});
const duplicate = (label: string): SeatRuleViolation => ({
  code: 'DUPLICATE_SEAT',
  seatLabel: label,
  hint: {
    zh: `${seatName(label, 'zh')} 重复选择了`,
    en: `${seatName(label, 'en')} was chosen twice.`,
  },
});
const unknown = (label: string): SeatRuleViolation => ({
  code: 'UNKNOWN_SEAT',
  seatLabel: label,
  hint: {
    zh: '所选座位不在此影厅，请刷新座位图后重选',
    en: 'A chosen seat is not in this hall. Refresh the seat map and choose again.',
  },
});
const notForSale = (label: string): SeatRuleViolation => ({
  code: 'SEAT_NOT_FOR_SALE',
  seatLabel: label,
  hint: {
    zh: `${seatName(label, 'zh')} 暂不可售，请选择其他座位`,
    en: `${seatName(label, 'en')} is not for sale. Choose another seat.`,
  },
});
const seatTaken = (label: string): SeatRuleViolation => ({
  code: 'SEAT_TAKEN',
  seatLabel: label,
  hint: {
    zh: `${seatName(label, 'zh')} 已被选走，请选择其他座位`,
    en: `${seatName(label, 'en')} is taken. Choose another seat.`,
  },
});
const coupleSplit = (label: string): SeatRuleViolation => ({
  code: 'COUPLE_SPLIT',
  seatLabel: label,
  hint: {
    zh: `情侣座 ${seatName(label, 'zh')} 需两个座位一起选`,
    en: `Couple seat ${seatName(label, 'en')} is sold as a pair. Choose both seats.`,
  },
});
const singleGap = (label: string, side: 'left' | 'right' | 'between'): SeatRuleViolation => ({
  code: 'SINGLE_GAP',
  seatLabel: label,
  hint:
    side === 'between'
      ? {
          zh: `请不要在所选座位之间留下单个空座（${seatName(label, 'zh')}），请选择相邻的座位`,
          en: `Do not leave a single empty seat (${seatName(label, 'en')}) between your seats: choose seats side by side.`,
        }
      : side === 'left'
        ? {
            zh: `请不要留下单个空座（${seatName(label, 'zh')}），试试向左移一个座位`,
            en: `Do not leave a single empty seat (${seatName(label, 'en')}): move one seat left.`,
          }
        : {
            zh: `请不要留下单个空座（${seatName(label, 'zh')}），试试向右移一个座位`,
            en: `Do not leave a single empty seat (${seatName(label, 'en')}): move one seat right.`,
          },
});
const companionStranded = (label: string): SeatRuleViolation => ({
  code: 'COMPANION_STRANDED',
  seatLabel: label,
  hint: {
    zh: `请不要让陪同座 ${seatName(label, 'zh')} 单独空出：把它一起选上，或换个座位`,
    en: `Do not leave companion seat ${seatName(label, 'en')} alone beside the wheelchair space: choose it too, or pick other seats.`,
  },
});

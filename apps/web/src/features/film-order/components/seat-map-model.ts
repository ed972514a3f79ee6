import { companionSeatOf, type PriceArea, type Seat, type SeatRow } from '@marquee/contracts';

/** One grid cell of the seat map at scale 1: a 26 px seat and its gap. */
export const CELL = 32;
export const SEAT = 26;
/** Row labels have their own gutter on screen (ROW_LABEL_GUTTER); above is the "screen centre" mark. */
export const ROW_LABEL_GUTTER = 24;
export const PAD_LEFT = 8;
export const PAD_RIGHT = 8;
export const PAD_TOP = 28;
export const PAD_BOTTOM = 16;

/** `mine`: held by the signed-in user's own unpaid order (drawn as theirs, not as another's lock). */
export type SeatView = 'available' | 'chosen' | 'mine' | 'taken' | 'unavailable';

export interface SeatMapData {
  priceAreas: readonly PriceArea[];
  columns: number;
  rowCount: number;
  rows: readonly SeatRow[];
}

export function contentSize(data: Pick<SeatMapData, 'columns' | 'rowCount'>) {
  return {
    width: PAD_LEFT + data.columns * CELL + PAD_RIGHT,
    height: PAD_TOP + data.rowCount * CELL + PAD_BOTTOM,
  };
}

/** Where a seat sits in the content at scale 1; couple halves close the gap between them. */
export function seatBox(seat: Pick<Seat, 'x' | 'y' | 'kind'>) {
  const gap = CELL - SEAT;
  let left = PAD_LEFT + seat.x * CELL + gap / 2;
  let width = SEAT;
  if (seat.kind === 'couple-left') width += gap / 2;
  if (seat.kind === 'couple-right') {
    left -= gap / 2;
    width += gap / 2;
  }
  return { x: left, y: PAD_TOP + seat.y * CELL + gap / 2, width, height: SEAT };
}

export function rowTop(y: number): number {
  return PAD_TOP + y * CELL;
}

export function seatViewOf(seat: Seat, isChosen: boolean, isMine = false): SeatView {
  if (seat.kind === 'unavailable' || seat.state === 'unavailable') return 'unavailable';
  if (seat.state === 'held' && isMine) return 'mine';
  if (seat.state !== 'available') return 'taken';
  return isChosen ? 'chosen' : 'available';
}

/**
 * For each row (by y), the labels of its seats in `labels`, joined: a memoised row compares one
 * string and re-renders only when its own seats change.
 */
export function labelsByRow(
  rows: readonly SeatRow[],
  labels: ReadonlySet<string>,
  of: (seat: Seat) => string = (seat) => seat.label,
): Map<number, string> {
  const byRow = new Map<number, string>();
  for (const row of rows) {
    byRow.set(
      row.y,
      row.seats
        .map(of)
        .filter((key) => labels.has(key))
        .join(','),
    );
  }
  return byRow;
}

export function indexSeats(rows: readonly SeatRow[]): Map<string, Seat> {
  const byId = new Map<string, Seat>();
  for (const row of rows) for (const seat of row.seats) byId.set(seat.id, seat);
  return byId;
}

/** The other half of a couple seat, if the seat is one. */
export function couplePartner(rows: readonly SeatRow[], seat: Seat): Seat | undefined {
  if (seat.kind !== 'couple-left' && seat.kind !== 'couple-right') return undefined;
  const row = rows.find((candidate) => candidate.y === seat.y);
  const x = seat.kind === 'couple-left' ? seat.x + 1 : seat.x - 1;
  const partner = row?.seats.find((candidate) => candidate.x === x);
  const expected = seat.kind === 'couple-left' ? 'couple-right' : 'couple-left';
  return partner?.kind === expected ? partner : undefined;
}

/**
 * Tapping a seat: an available one joins the choice (a couple seat with its partner), a chosen one
 * leaves it (with its partner). Taken and unavailable seats change nothing.
 */
export function toggleSeat(
  rows: readonly SeatRow[],
  chosen: readonly string[],
  seat: Seat,
): string[] {
  const partner = couplePartner(rows, seat);
  const ids = partner ? [seat.id, partner.id] : [seat.id];
  if (chosen.includes(seat.id)) return chosen.filter((id) => !ids.includes(id));
  if (seatViewOf(seat, false) !== 'available') return [...chosen];
  if (partner && seatViewOf(partner, false) !== 'available') return [...chosen];
  return [...chosen, ...ids.filter((id) => !chosen.includes(id))];
}

/** Chosen seats that the latest availability shows as taken: they leave the choice. */
export function lostSeats(byId: ReadonlyMap<string, Seat>, chosen: readonly string[]): Seat[] {
  const lost: Seat[] = [];
  for (const id of chosen) {
    const seat = byId.get(id);
    if (seat && seatViewOf(seat, false) !== 'available') lost.push(seat);
  }
  return lost;
}

export function countSeats(rows: readonly SeatRow[]) {
  let total = 0;
  let available = 0;
  for (const row of rows)
    for (const seat of row.seats) {
      if (seat.kind === 'unavailable') continue;
      total += 1;
      if (seat.state === 'available') available += 1;
    }
  return { total, available };
}

/** The member price of a seat's area, in yuan; the show's lowest when the seat has no area. */
export function seatPrice(areas: readonly PriceArea[], seat: Pick<Seat, 'areaId'>) {
  const area = areas.find((candidate) => candidate.id === seat.areaId) ?? areas[0];
  return { price: area?.price ?? 0, discountPrice: area?.discountPrice ?? 0 };
}

/**
 * Choosing a free wheelchair space offers its companion seat with it: the companion when it is free
 * and not chosen yet, else nothing. The user can still remove it.
 */
export function companionToOffer(
  rows: readonly SeatRow[],
  chosen: readonly string[],
  seat: Seat,
): Seat | undefined {
  if (seat.kind !== 'wheelchair' || chosen.includes(seat.id)) return undefined;
  const row = rows.find((candidate) => candidate.y === seat.y);
  const companion = row ? companionSeatOf(row, seat) : undefined;
  if (!companion || chosen.includes(companion.id)) return undefined;
  return seatViewOf(companion, false) === 'available' ? companion : undefined;
}

/** The box around some seats in the content at scale 1 (to bring picked seats into view). */
export function boxOfSeats(seats: readonly Seat[]) {
  const boxes = seats.map(seatBox);
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

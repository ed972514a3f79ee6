import { describe, expect, it } from 'vitest';
import type { SeatKind } from '../calls/cinema.js';
import { proposeReseats, type ReseatSeat } from './reseat-rules.js';

/**
 * Halls drawn as the demo data draws them (apps/server/src/db/demo/cinemas.ts): one string per
 * row, `.` seat, `P` premium seat, `W` wheelchair, `#` not for sale, `(` `)` couple pair,
 * space an aisle. Rows are lettered A, B, …; seats numbered 1… in each row, aisles skipped.
 */
function hall(rows: string[]): ReseatSeat[] {
  const seats: ReseatSeat[] = [];
  rows.forEach((line, y) => {
    const row = String.fromCharCode(65 + y);
    let col = 0;
    [...line].forEach((char, x) => {
      if (char === ' ') return;
      col += 1;
      const kind: SeatKind =
        char === '('
          ? 'couple-left'
          : char === ')'
            ? 'couple-right'
            : char === 'W'
              ? 'wheelchair'
              : char === '#'
                ? 'unavailable'
                : 'normal';
      const areaId = char === 'P' ? 'premium' : char === '(' || char === ')' ? 'couple' : 'std';
      seats.push({ id: `${row}${col}`, label: `${row}${col}`, x, y, kind, areaId });
    });
  });
  return seats;
}

const labelsOf = (moves: { toSeatId: string }[] | null | undefined) =>
  moves ? moves.map((move) => move.toSeatId) : moves;

const smallHall = hall([
  '..........',
  '..........',
  '..PPPPPP..',
  '..PPPPPP..',
  '..........',
  'W........W',
]);
const normalHall = hall([
  '... .......... ...',
  '... .......... ...',
  '... .......... ...',
  '... PPPPPPPPPP ...',
  '... PPPP#PPPPP ...',
  '... PPPPPPPPPP ...',
  '... .......... ...',
  '... .......... ...',
  '... .......... ...',
  'W.. .......... ..W',
]);

describe('proposeReseats', () => {
  it('moves a lone buyer to the free seat beside the broken one in the same area', () => {
    // C3..C8 premium; the buyer sat C5, C4 and C6 sold.
    const proposals = proposeReseats(smallHall, ['C4', 'C6'], [{ orderId: 'o1', seatIds: ['C5'] }]);
    const target = labelsOf(proposals.get('o1'))![0]!;
    expect(target.startsWith('C') || target.startsWith('D')).toBe(true);
    expect(smallHall.find((seat) => seat.id === target)!.areaId).toBe('premium');
    expect(['C4', 'C5', 'C6']).not.toContain(target);
  });

  it('keeps a group together in one row, as near as it can', () => {
    // Whole row D of the premium area free; C5, C6 broken and sold together.
    const occupied = ['C3', 'C4', 'C7', 'C8'];
    const proposals = proposeReseats(smallHall, occupied, [
      { orderId: 'o1', seatIds: ['C5', 'C6'] },
    ]);
    expect(proposals.get('o1')).toEqual([
      { fromSeatId: 'C5', toSeatId: 'D5' },
      { fromSeatId: 'C6', toSeatId: 'D6' },
    ]);
  });

  it('never uses seats of another price area, even when nearer', () => {
    // All premium seats but the broken one taken: standard seats are near but not proposed.
    const premium = smallHall.filter((seat) => seat.areaId === 'premium').map((seat) => seat.id);
    const occupied = premium.filter((id) => id !== 'C5');
    const proposals = proposeReseats(smallHall, occupied, [{ orderId: 'o1', seatIds: ['C5'] }]);
    expect(proposals.get('o1')).toBeNull();
  });

  it('never proposes one seat to two orders, and places the bigger group first', () => {
    const premium = smallHall.filter((seat) => seat.areaId === 'premium').map((seat) => seat.id);
    // Free premium seats left: D6, D7, D8 only.
    const occupied = premium.filter((id) => !['D6', 'D7', 'D8'].includes(id));
    const proposals = proposeReseats(smallHall, occupied, [
      { orderId: 'a-single', seatIds: ['C5'] },
      { orderId: 'b-pair', seatIds: ['C3', 'C4'] },
    ]);
    const pair = labelsOf(proposals.get('b-pair'))!;
    const single = labelsOf(proposals.get('a-single'))!;
    expect(pair).toHaveLength(2);
    expect(single).toHaveLength(1);
    expect(new Set([...pair, ...single]).size).toBe(3);
    expect([...pair, ...single].sort()).toEqual(['D6', 'D7', 'D8']);
  });

  it('splits a group only when no run of the row fits it', () => {
    const premium = smallHall.filter((seat) => seat.areaId === 'premium').map((seat) => seat.id);
    // Free premium: C3, D8 (no two adjacent).
    const occupied = premium.filter((id) => !['C3', 'D8', 'C5', 'C6'].includes(id));
    const proposals = proposeReseats(smallHall, occupied, [
      { orderId: 'o1', seatIds: ['C5', 'C6'] },
    ]);
    expect(labelsOf(proposals.get('o1'))!.sort()).toEqual(['C3', 'D8']);
  });

  it('flags an order whose seats cannot all be placed, and gives its seats to nobody', () => {
    const premium = smallHall.filter((seat) => seat.areaId === 'premium').map((seat) => seat.id);
    const occupied = premium.filter((id) => !['D8', 'C4', 'C5', 'C6'].includes(id));
    const proposals = proposeReseats(smallHall, occupied, [
      { orderId: 'a-three', seatIds: ['C4', 'C5', 'C6'] },
      { orderId: 'b-one', seatIds: [] },
    ]);
    expect(proposals.get('a-three')).toBeNull();
    expect(proposals.get('b-one')).toBeNull();
  });

  it('takes the slightly farther seat rather than leaving a single empty seat', () => {
    // Row D premium D3..D8 (x 2..7); D3 sold. Broken C5 (x 4): D5 (x 4) is nearest but leaves D4
    // alone between D3 and D5; D4 (x 3) is a little farther and leaves nobody alone.
    const occupied = ['C3', 'C4', 'C6', 'C7', 'C8', 'D3'];
    const proposals = proposeReseats(smallHall, occupied, [{ orderId: 'o1', seatIds: ['C5'] }]);
    expect(labelsOf(proposals.get('o1'))).toEqual(['D4']);
  });

  it('leaves a single empty seat only when keeping the rule would move the buyer far', () => {
    const square = hall(['PPPPP', 'P.P.P', 'PPPPP', 'PPPPP', 'PPPPP']);
    const rowsTaken = (...rows: string[]) =>
      rows.flatMap((row) => [1, 2, 3, 4, 5].map((col) => `${row}${col}`));
    // Broken A3. Row B: B3 is the only premium seat, B1 and B5 sold: taking B3 leaves the
    // standard B2 and B4 each alone.
    const around = ['A1', 'A2', 'A4', 'A5', 'B1', 'B5'];
    // Keeping the rule means row E, four rows back: the nearer B3 wins despite the lone seats.
    const far = proposeReseats(
      square,
      [...around, ...rowsTaken('C', 'D'), 'E1', 'E2', 'E4', 'E5'],
      [{ orderId: 'o1', seatIds: ['A3'] }],
    );
    expect(labelsOf(far.get('o1'))).toEqual(['B3']);
    // Two rows back is cheap enough: C3 fills a hole and leaves nobody alone.
    const near = proposeReseats(
      square,
      [...around, 'C1', 'C2', 'C4', 'C5', ...rowsTaken('D', 'E')],
      [{ orderId: 'o1', seatIds: ['A3'] }],
    );
    expect(labelsOf(near.get('o1'))).toEqual(['C3']);
  });

  it('does not cross an aisle to keep a pair "together"', () => {
    // Row D of the normal hall: x 0-2 | aisle x 3 | x 4-13 premium. Premium free: D9 (x 12)
    // and E1' of the next premium run only across the aisle is standard: the pair splits.
    const premium = normalHall.filter((seat) => seat.areaId === 'premium').map((seat) => seat.id);
    const free = ['D13', 'F4']; // D13 is the last premium of row D (x 13), F4 in row F.
    const occupied = premium.filter((id) => !free.includes(id) && id !== 'E5' && id !== 'E6');
    const proposals = proposeReseats(normalHall, occupied, [
      { orderId: 'o1', seatIds: ['E5', 'E6'] },
    ]);
    expect(labelsOf(proposals.get('o1'))!.sort()).toEqual(['D13', 'F4']);
  });

  it('skips seats not for sale and keeps couple pairs whole', () => {
    const couples = hall(['()()()', '()()()', '#.....']);
    // Buyer of B3+B4 (a pair) loses it; A1+A2 taken; A3+A4 free, B1+B2 free.
    const proposals = proposeReseats(
      couples,
      ['A1', 'A2', 'A5', 'A6', 'B5', 'B6'],
      [{ orderId: 'pair', seatIds: ['B3', 'B4'] }],
    );
    const moved = labelsOf(proposals.get('pair'))!;
    expect(moved).toHaveLength(2);
    expect([
      ['A3', 'A4'],
      ['B1', 'B2'],
    ]).toContainEqual(moved);
    // A single couple half cannot be placed alone: no free pair, no proposal.
    const none = proposeReseats(
      couples,
      ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'B1', 'B2', 'B5', 'B6'],
      [{ orderId: 'pair', seatIds: ['B3', 'B4'] }],
    );
    expect(none.get('pair')).toBeNull();
    // An ordinary seat is never proposed a couple seat, nor the broken C1.
    const single = proposeReseats(
      couples,
      ['C3', 'C4', 'C5', 'C6'],
      [{ orderId: 'one', seatIds: ['C2'] }],
    );
    expect(single.get('one')).toBeNull();
  });

  it('moves the whole party to one row rather than splitting it', () => {
    // D1 (kept) and D2 (broken) sit together; D3 is premium, so nothing free beside D1. C1+C2 are
    // a row away (as near as E1+E2): both move there, rather than D2 alone to C1.
    const proposals = proposeReseats(
      smallHall,
      ['D1'],
      [{ orderId: 'o1', seatIds: ['D2'], keptSeatIds: ['D1'] }],
    );
    expect(proposals.get('o1')).toEqual([
      { fromSeatId: 'D1', toSeatId: 'C1' },
      { fromSeatId: 'D2', toSeatId: 'C2' },
    ]);
  });

  it('lets the unbroken seats of a party stay when the run includes them', () => {
    // Row E standard: E8 kept, E9 broken, E10 sold; E7 free beside E8: only E9 moves, to E7.
    const proposals = proposeReseats(
      smallHall,
      ['E8', 'E10'],
      [{ orderId: 'o1', seatIds: ['E9'], keptSeatIds: ['E8'] }],
    );
    expect(proposals.get('o1')).toEqual([{ fromSeatId: 'E9', toSeatId: 'E7' }]);
  });

  it('moves only the broken seats when no run fits the whole party', () => {
    const standard = smallHall.filter((seat) => seat.areaId === 'std').map((seat) => seat.id);
    // Free standard seats: A5 and F5, far apart; the kept seat stays, the broken one moves alone.
    const occupied = standard.filter((id) => !['A5', 'F5'].includes(id));
    const proposals = proposeReseats(smallHall, occupied, [
      { orderId: 'o1', seatIds: ['A2'], keptSeatIds: ['A1'] },
    ]);
    expect(labelsOf(proposals.get('o1'))).toEqual(['A5']);
  });

  it('moves the seats of each area of one order within that area', () => {
    // The buyer sat on the seam: C2 (standard) and C3 (premium), both broken.
    const proposals = proposeReseats(
      smallHall,
      ['C1', 'C4'],
      [{ orderId: 'o1', seatIds: ['C2', 'C3'] }],
    );
    const moves = proposals.get('o1')!;
    const area = (id: string) => smallHall.find((seat) => seat.id === id)!.areaId;
    for (const move of moves) expect(area(move.toSeatId)).toBe(area(move.fromSeatId));
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkSeatSelection,
  companionSeatOf,
  takenSeatIdsOf,
  type RuleLayout,
  type SeatRuleCode,
} from './seat-rules.js';
import { drawLayout } from './seat-drawing.test-kit.js';

const draw = drawLayout;

function check(lines: string[], max = 6) {
  const { layout, taken, chosen } = draw(...lines);
  return checkSeatSelection(layout, taken, chosen, max);
}

function codes(lines: string[], max = 6): SeatRuleCode[] {
  const result = check(lines, max);
  return result.ok ? [] : result.violations.map((v) => v.code);
}

function gapSeats(lines: string[]): string[] {
  const result = check(lines);
  return result.ok
    ? []
    : result.violations.filter((v) => v.code === 'SINGLE_GAP').map((v) => v.seatLabel ?? '');
}

describe('the seat-count limit', () => {
  it('accepts exactly the maximum number of seats', () => {
    expect(check(['..oooooo..'])).toEqual({ ok: true });
  });

  it('refuses one seat more than the maximum and says the limit', () => {
    const result = check(['.ooooooo..']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.violations[0]?.code).toBe('TOO_MANY_SEATS');
    expect(result.violations[0]?.hint.zh).toContain('6');
    expect(result.violations[0]?.hint.en).toContain('at most 6');
  });

  it('follows the site setting when it is lower', () => {
    expect(codes(['..ooo....'], 2)).toEqual(['TOO_MANY_SEATS']);
    expect(codes(['..oo.....'], 2)).toEqual([]);
  });

  it('refuses an empty choice', () => {
    expect(codes(['.........'])).toEqual(['NO_SEATS']);
  });

  it('refuses the same seat twice', () => {
    const { layout } = draw('......');
    const result = checkSeatSelection(layout, [], ['A3', 'A3'], 6);
    expect(result.ok ? [] : result.violations.map((v) => v.code)).toEqual(['DUPLICATE_SEAT']);
  });
});

describe('seats that cannot be chosen', () => {
  it('refuses a seat that is not in the layout', () => {
    const { layout } = draw('......');
    const result = checkSeatSelection(layout, [], ['Z99'], 6);
    expect(result.ok ? [] : result.violations.map((v) => v.code)).toEqual(['UNKNOWN_SEAT']);
  });

  it('refuses a broken seat', () => {
    const { layout } = draw('..#...');
    const result = checkSeatSelection(layout, [], ['A3'], 6);
    expect(result.ok ? [] : result.violations).toEqual([
      expect.objectContaining({ code: 'SEAT_NOT_FOR_SALE', seatLabel: 'A3' }),
    ]);
  });

  it('refuses a taken seat and names it', () => {
    const { layout } = draw('......');
    const result = checkSeatSelection(layout, ['A4'], ['A4'], 6);
    expect(result.ok ? [] : result.violations).toEqual([
      expect.objectContaining({ code: 'SEAT_TAKEN', seatLabel: 'A4' }),
    ]);
  });

  it('reads taken seats from the states of a seat map', () => {
    const layout: RuleLayout = {
      rows: [
        {
          seats: [
            { id: 'a', x: 0, y: 0, kind: 'normal', label: 'A1', state: 'sold' },
            { id: 'b', x: 1, y: 0, kind: 'normal', label: 'A2', state: 'available' },
            { id: 'c', x: 2, y: 0, kind: 'normal', label: 'A3', state: 'held' },
            { id: 'd', x: 3, y: 0, kind: 'unavailable', label: 'A4', state: 'unavailable' },
          ],
        },
      ],
    };
    expect([...takenSeatIdsOf(layout)].sort()).toEqual(['a', 'c', 'd']);
  });
});

describe('couple seats', () => {
  it('accepts a couple pair chosen together', () => {
    expect(codes(['(){}()'])).toEqual([]);
  });

  it('refuses the left half alone', () => {
    const result = check(['(){)()']);
    expect(result.ok ? [] : result.violations).toEqual([
      expect.objectContaining({ code: 'COUPLE_SPLIT', seatLabel: 'A3' }),
    ]);
  });

  it('refuses the right half alone', () => {
    expect(codes(['()(}()'])).toEqual(['COUPLE_SPLIT']);
  });

  it('accepts two pairs side by side and two pairs apart', () => {
    expect(codes(['{}{}()'])).toEqual([]);
    expect(codes(['{}(){}'])).toEqual([]);
  });

  it('leaves a free pair between chosen pairs alone: a pair is not a single seat', () => {
    expect(codes(['<>{}()<>'])).toEqual([]);
  });

  it('treats a couple pair as the edge of a run of ordinary seats', () => {
    // A3 would be left between the chosen A4 and the couple pair: a single seat.
    expect(gapSeats(['()..o..'])).toEqual([]);
    expect(gapSeats(['().oo..'])).toEqual(['A3']);
  });

  it('refuses a split pair even when its other half is taken', () => {
    expect(codes(['{>()'])).toEqual(['COUPLE_SPLIT']);
  });
});

describe('the single empty seat rule', () => {
  it('accepts seats in the middle of a free row', () => {
    expect(codes(['....oo....'])).toEqual([]);
  });

  it('accepts seats at the row end', () => {
    expect(codes(['oo........'])).toEqual([]);
    expect(codes(['........oo'])).toEqual([]);
  });

  it('refuses leaving one seat at the row end, and says to move left', () => {
    const result = check(['.oo.......']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.violations).toEqual([
      expect.objectContaining({ code: 'SINGLE_GAP', seatLabel: 'A1' }),
    ]);
    expect(result.violations[0]?.hint.zh).toBe('请不要留下单个空座（A排1座），试试向左移一个座位');
    expect(result.violations[0]?.hint.en).toContain('move one seat left');
  });

  it('refuses leaving one seat at the other row end, and says to move right', () => {
    const result = check(['.......oo.']);
    expect(result.ok ? [] : result.violations).toEqual([
      expect.objectContaining({ code: 'SINGLE_GAP', seatLabel: 'A10' }),
    ]);
    if (!result.ok) expect(result.violations[0]?.hint.en).toContain('move one seat right');
  });

  it('refuses leaving one seat next to a taken seat', () => {
    expect(gapSeats(['..X.oo....'])).toEqual(['A4']);
    expect(gapSeats(['....oo.X..'])).toEqual(['A7']);
  });

  it('accepts sitting right next to a taken seat', () => {
    expect(codes(['..Xoo.....'])).toEqual([]);
    expect(codes(['....ooX...'])).toEqual([]);
  });

  it('refuses leaving one seat next to an aisle', () => {
    expect(gapSeats(['... .oo....'])).toEqual(['A5']);
    expect(gapSeats(['....oo. ...'])).toEqual(['A7']);
  });

  it('accepts sitting right at an aisle', () => {
    expect(codes(['... oo.....'])).toEqual([]);
    expect(codes(['.... ..oo .....'])).toEqual([]);
  });

  it('refuses leaving one seat next to a broken seat', () => {
    expect(gapSeats(['..#.oo....'])).toEqual(['A4']);
  });

  it('refuses a single empty seat between two chosen seats and says to sit together', () => {
    const result = check(['...o.o....']);
    expect(result.ok ? [] : result.violations).toEqual([
      expect.objectContaining({ code: 'SINGLE_GAP', seatLabel: 'A5' }),
    ]);
    if (!result.ok) expect(result.violations[0]?.hint.en).toContain('side by side');
  });

  it('accepts two chosen seats with two empty seats between them', () => {
    expect(codes(['..o..o....'])).toEqual([]);
  });

  it('refuses one seat in the middle of three, which leaves two single seats', () => {
    expect(gapSeats(['X.o.X'])).toEqual(['A2', 'A4']);
  });

  it('does not count a lone empty seat that existed before the choice', () => {
    expect(codes(['X.X...oo..'])).toEqual([]);
    expect(codes(['. ....oo..'])).toEqual([]);
  });

  it('does not count a lone seat in another row', () => {
    expect(codes(['X.X.......', '....oo....'])).toEqual([]);
    expect(gapSeats(['..........', '.oo.......'])).toEqual(['B1']);
  });

  it('accepts one seat in a run of two: the single seat left cannot be avoided', () => {
    expect(codes(['Xo.X......'])).toEqual([]);
    expect(codes(['o. ........'])).toEqual([]);
  });

  it('accepts two seats in a run of three at either end', () => {
    expect(codes(['Xoo.X'])).toEqual([]);
    expect(codes(['X.ooX'])).toEqual([]);
  });

  it('refuses a choice that leaves a single seat when a better choice exists in the run', () => {
    expect(gapSeats(['X.oo..X'])).toEqual(['A2']);
  });

  it('accepts filling a run completely', () => {
    expect(codes(['X....Xoooo X'])).toEqual([]);
  });

  it('applies to wheelchair spaces as to any seat', () => {
    expect(gapSeats(['W.oo...'])).toEqual([]);
    expect(gapSeats(['.wo....'])).toEqual(['A1']);
    expect(gapSeats(['Woo....'])).toEqual(['A1']);
  });

  it('reports every single seat a spread-out choice leaves', () => {
    expect(gapSeats(['.o.o.o......'])).toEqual(['A1', 'A3', 'A5']);
  });

  it('checks every row of a multi-row choice', () => {
    expect(gapSeats(['....oo....', '.oo.......', '.......oo.'])).toEqual(['B1', 'C10']);
  });

  it('works on a hall with aisles, couples, wheelchairs and broken seats', () => {
    const hall = ['W.. ........ ..W', '... ..X#.... ...', '... ........ ...', '(() ()()()() ())'];
    expect(codes(hall)).toEqual(['NO_SEATS']);
    const withChoice = [
      'W.. ........ ..W',
      '... ..X#oo.. ...',
      '... ........ ...',
      '(() (){}()() ())',
    ];
    expect(codes(withChoice)).toEqual([]);
    const badChoice = [
      'W.. ........ ..W',
      '... ..X#.oo. ...',
      '... ........ ...',
      '(() ()(}()() ())',
    ];
    expect(codes(badChoice).sort()).toEqual(['COUPLE_SPLIT', 'SINGLE_GAP', 'SINGLE_GAP']);
  });
});

describe('wheelchair spaces and their companion seats', () => {
  it('finds the companion seat beside a wheelchair space, to its right first', () => {
    const { layout } = draw('W..W', 'WW..', '#W. ');
    const [a, b, c] = layout.rows;
    expect(companionSeatOf(a!, a!.seats[0]!)?.label).toBe('A2');
    expect(companionSeatOf(a!, a!.seats[3]!)?.label).toBe('A3');
    expect(companionSeatOf(b!, b!.seats[0]!)).toBeUndefined();
    expect(companionSeatOf(b!, b!.seats[1]!)?.label).toBe('B3');
    expect(companionSeatOf(c!, c!.seats[1]!)?.label).toBe('C3');
    expect(companionSeatOf(a!, a!.seats[1]!)).toBeUndefined();
  });

  it('accepts a wheelchair space chosen with its companion seat, or alone in a free row', () => {
    expect(codes(['wo......'])).toEqual([]);
    expect(codes(['w.......'])).toEqual([]);
  });

  it('refuses a wheelchair space that leaves its companion seat alone before a taken seat', () => {
    // The single-gap rule lets "w.X" pass as unavoidable; the companion rule does not.
    expect(check(['w.X'])).toEqual({
      ok: false,
      violations: [expect.objectContaining({ code: 'COMPANION_STRANDED', seatLabel: 'A2' })],
    });
    expect(codes(['w. ...'])).toEqual(['COMPANION_STRANDED']);
  });

  it('refuses seats that close in a companion seat beside a sold wheelchair space', () => {
    expect(codes(['V.o'])).toEqual(['COMPANION_STRANDED']);
    expect(codes(['V.oo....'])).toEqual(['SINGLE_GAP']);
    expect(codes(['V..oo...'])).toEqual([]);
  });

  it('leaves a companion seat that was alone before alone, without blaming the choice', () => {
    expect(codes(['V.X..oo'])).toEqual([]);
  });
});

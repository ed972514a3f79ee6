import { describe, expect, it } from 'vitest';
import { bestSeats } from './best-seats.js';
import { checkSeatSelection } from './seat-rules.js';
import { demoHalls, drawLayout } from './seat-drawing.test-kit.js';

function best(lines: string[], count: number) {
  const { layout, taken } = drawLayout(...lines);
  const result = bestSeats(layout, count);
  // Whatever is picked obeys the seat rules the server enforces.
  if (result.kind !== 'none') {
    expect(checkSeatSelection(layout, taken, result.seatIds, 6)).toEqual({ ok: true });
  }
  return result;
}

const rowOf = (ids: string[]) => [...new Set(ids.map((id) => id[0]))].join('');

describe('bestSeats on the demo halls', () => {
  it('picks the two middle seats two thirds back in the 60-seat hall', () => {
    // 6 rows: the sweet spot is row D (y 3.33), centre between columns 5 and 6.
    expect(best(demoHalls.small, 2)).toEqual({ kind: 'row', seatIds: ['D5', 'D6'] });
  });

  it('picks a centred block of 4 in the premium area of the 159-seat hall', () => {
    const result = best(demoHalls.normal, 4);
    expect(result).toEqual({ kind: 'row', seatIds: ['G8', 'G9', 'G10', 'G11'] });
  });

  it('keeps 3 people together in the middle block of the 574-seat hall', () => {
    const result = best(demoHalls.large, 3);
    expect(result.kind).toBe('row');
    if (result.kind !== 'row') return;
    // 21 rows (y 0..20): two thirds back is y 13.3, row N; the hall's centre is x 14.5.
    expect(result.seatIds).toEqual(['N14', 'N15', 'N16']);
  });

  it('leaves wheelchair spaces to those who need them', () => {
    expect(best(['X.W.X'], 1)).toEqual({ kind: 'row', seatIds: ['A2'] });
  });
});

describe('bestSeats on awkward layouts', () => {
  it('keeps the block between aisles, never across one', () => {
    expect(best(['.. X ..'], 3)).toEqual({ kind: 'none' });
  });

  it('skips broken seats and taken seats', () => {
    expect(best(['.#..X..#.'], 2)).toEqual({ kind: 'row', seatIds: ['A3', 'A4'] });
  });

  it('refuses a block that would leave a single empty seat', () => {
    // The centre pair A3+A4 would leave A2 and A5 alone: one seat aside is the best.
    expect(best(['X....X'], 2)).toEqual({ kind: 'row', seatIds: ['A2', 'A3'] });
  });

  it('takes couple seats only as whole pairs', () => {
    expect(best(['()()'], 1)).toEqual({ kind: 'none' });
    const pair = best(['X()X'], 2);
    expect(pair).toEqual({ kind: 'row', seatIds: ['A2', 'A3'] });
    expect(best([')()('], 3)).toEqual({ kind: 'none' });
  });

  it('keeps the block in one price area', () => {
    expect(best(['XX..PPXX'], 4)).toEqual({ kind: 'none' });
    expect(best(['XX..PPXX'], 2).kind).toBe('row');
  });

  it('splits over two adjacent rows when no row has room, and says so', () => {
    const result = best(['XXX..XXX', 'XXXX..XX', 'XXXXXXXX'], 4);
    expect(result).toEqual({ kind: 'split', seatIds: ['A4', 'A5', 'B5', 'B6'] });
  });

  it('does not split over rows that are not adjacent', () => {
    expect(best(['XX..XX', 'XXXXXX', 'XX..XX'], 4)).toEqual({ kind: 'none' });
  });

  it('finds the last free pair of an almost full hall', () => {
    const full = demoHalls.large.map((line) => line.replace(/[.P]/g, 'X').replace(/W/g, 'V'));
    full[3] = '...... XXXXXXXXXXXXXXXX XXXXXX'; // six free on the left of row D
    full[12] = 'XXXXXX XXXXXXXXXX..XXXX XXXXXX';
    expect(best(full, 2)).toEqual({ kind: 'row', seatIds: ['M18', 'M19'] });
    expect(best(full, 4).kind).toBe('row');
    expect(best(full, 6).kind).toBe('row');
    expect(
      best(
        full.map((line) => line.replace(/[.()]/g, 'X')),
        1,
      ),
    ).toEqual({ kind: 'none' });
  });

  it('prefers a row behind the sweet spot to the same distance in front', () => {
    // Sweet spot of 7 rows (y 0..6) is y 4: rows D (y 3) and F (y 5) are one row away.
    const lines = ['XXXX', 'XXXX', 'XXXX', '....', 'XXXX', '....', 'XXXX'];
    expect(rowOf((best(lines, 2) as { seatIds: string[] }).seatIds)).toBe('F');
  });

  it('answers nothing for no seats or an empty hall', () => {
    expect(best(['....'], 0)).toEqual({ kind: 'none' });
    expect(best([], 2)).toEqual({ kind: 'none' });
  });
});

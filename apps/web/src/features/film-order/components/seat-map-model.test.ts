import { describe, expect, it } from 'vitest';
import { checkSeatSelection, takenSeatIdsOf } from '@marquee/contracts';
import { hallFromPicture } from './seat-map-fixture';
import {
  boxOfSeats,
  companionToOffer,
  contentSize,
  countSeats,
  indexSeats,
  lostSeats,
  seatBox,
  seatViewOf,
  toggleSeat,
} from './seat-map-model';

const hall = hallFromPicture(`
  oooo.oooo
  oxxo.o#wo
  ()().[]()
`);
const byId = indexSeats(hall.rows);
const seat = (id: string) => byId.get(id)!;

describe('the seat map model', () => {
  it('chooses and unchooses an available seat', () => {
    const chosen = toggleSeat(hall.rows, [], seat('A1'));
    expect(chosen).toEqual(['A1']);
    expect(toggleSeat(hall.rows, chosen, seat('A1'))).toEqual([]);
  });

  it('chooses a couple seat together with its partner, and drops both together', () => {
    const chosen = toggleSeat(hall.rows, [], seat('C4'));
    expect(chosen.sort()).toEqual(['C3', 'C4']);
    expect(toggleSeat(hall.rows, chosen, seat('C3'))).toEqual([]);
  });

  it('ignores taps on sold, held and not-for-sale seats', () => {
    expect(toggleSeat(hall.rows, [], seat('B2'))).toEqual([]);
    expect(toggleSeat(hall.rows, [], seat('B6'))).toEqual([]);
    expect(toggleSeat(hall.rows, [], seat('C5'))).toEqual([]);
  });

  it('tells which seat looks how', () => {
    expect(seatViewOf(seat('A1'), false)).toBe('available');
    expect(seatViewOf(seat('A1'), true)).toBe('chosen');
    expect(seatViewOf(seat('B2'), false)).toBe('taken');
    expect(seatViewOf(seat('B6'), false)).toBe('unavailable');
  });

  it('finds the chosen seats that fresh availability shows as taken', () => {
    const fresh = hallFromPicture(`
      oxoo.oooo
      oxxo.o#wo
      ()().[]()
    `);
    expect(lostSeats(indexSeats(fresh.rows), ['A1', 'A2']).map((s) => s.id)).toEqual(['A2']);
  });

  it('counts seats for sale and those still available', () => {
    // 24 seats of which B6 is not for sale; B2, B3, C5, C6 are sold.
    expect(countSeats(hall.rows)).toEqual({ total: 23, available: 19 });
  });

  it('closes the gap between couple halves and sizes the content to the grid', () => {
    const left = seatBox(seat('C1'));
    const right = seatBox(seat('C2'));
    expect(left.x + left.width).toBe(right.x);
    expect(contentSize(hall).width).toBeGreaterThan(hall.columns * 32);
  });

  it('explains the single-seat rule with the shared hint before the server is asked', () => {
    // Choosing A2 and A3 would leave A1 alone at the row's end.
    const check = checkSeatSelection(hall, takenSeatIdsOf(hall), ['A2', 'A3'], 6);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.violations[0]?.hint.zh).toContain('试试向左移一个座位');
  });
});

describe('wheelchair companions and picked seats', () => {
  const wheelchairs = hallFromPicture(`
    wooow
    wxoow
    woxxw
  `);
  const rows = wheelchairs.rows;
  const at = (id: string) => indexSeats(rows).get(id)!;

  it('offers the free companion seat beside a wheelchair space being chosen', () => {
    expect(companionToOffer(rows, [], at('A1'))?.label).toBe('A2');
    expect(companionToOffer(rows, [], at('A5'))?.label).toBe('A4');
  });

  it('offers nothing when the companion is taken or chosen, or the space is being dropped', () => {
    expect(companionToOffer(rows, [], at('B1'))).toBeUndefined();
    expect(companionToOffer(rows, ['A2'], at('A1'))).toBeUndefined();
    expect(companionToOffer(rows, ['A1', 'A2'], at('A1'))).toBeUndefined();
    expect(companionToOffer(rows, [], at('A3'))).toBeUndefined();
  });

  it('frames picked seats in one box', () => {
    const box = boxOfSeats([at('A2'), at('B4')]);
    expect(box.x).toBe(seatBox(at('A2')).x);
    expect(box.y).toBe(seatBox(at('A2')).y);
    expect(box.x + box.width).toBe(seatBox(at('B4')).x + seatBox(at('B4')).width);
    expect(box.y + box.height).toBe(seatBox(at('B4')).y + seatBox(at('B4')).height);
  });
});

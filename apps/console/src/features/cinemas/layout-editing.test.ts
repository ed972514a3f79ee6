import { describe, expect, it } from 'vitest';
import { blankLayout, hallLayoutProblems } from '@marquee/contracts/console';
import {
  paintCell,
  paintRect,
  relabelRow,
  resizeLayout,
  seatsInArea,
  withAreas,
} from './layout-editing';

const kinds = (layout: ReturnType<typeof blankLayout>, y = 0) =>
  layout.rows[y]!.cells.map((cell) => cell.kind);

describe('painting a seat layout', () => {
  it('paints a couple pair over two cells, moved left at the last column', () => {
    const painted = paintCell(blankLayout(1, 4), 3, 0, 'couple', 'standard');
    expect(kinds(painted)).toEqual(['normal', 'normal', 'couple-left', 'couple-right']);
    expect(hallLayoutProblems(painted)).toEqual([]);
  });

  it('never leaves half a couple: overwriting one half turns the other into a seat', () => {
    const couple = paintCell(blankLayout(1, 4), 0, 0, 'couple', 'standard');
    const aisle = paintCell(couple, 1, 0, 'aisle', 'standard');
    expect(kinds(aisle)).toEqual(['normal', 'aisle', 'normal', 'normal']);
    expect(hallLayoutProblems(aisle)).toEqual([]);
  });

  it('re-prices both halves of a couple with the area brush and leaves aisles alone', () => {
    let layout = withAreas(blankLayout(1, 3), [
      { code: 'standard', name: '普通区', color: '#3b82f6' },
      { code: 'vip', name: 'VIP', color: '#f59e0b' },
    ]);
    layout = paintCell(paintCell(layout, 0, 0, 'couple', 'standard'), 2, 0, 'aisle', 'standard');
    layout = paintCell(paintCell(layout, 1, 0, 'area', 'vip'), 2, 0, 'area', 'vip');
    expect(layout.rows[0]!.cells).toEqual([
      { kind: 'couple-left', area: 'vip' },
      { kind: 'couple-right', area: 'vip' },
      { kind: 'aisle', area: null },
    ]);
  });

  it('keeps a broken seat’s price area so repairing it later needs no repricing', () => {
    const layout = paintCell(blankLayout(1, 2), 1, 0, 'unavailable', 'other');
    expect(layout.rows[0]!.cells[1]).toEqual({ kind: 'unavailable', area: 'standard' });
  });

  it('resizes within bounds, labelling new rows and splitting a cut couple', () => {
    const couple = paintCell(blankLayout(2, 4), 2, 0, 'couple', 'standard');
    const narrower = resizeLayout(couple, 3, 3, 'standard');
    expect(kinds(narrower)).toEqual(['normal', 'normal', 'normal']);
    expect(narrower.rows.map((row) => row.label)).toEqual(['A', 'B', 'C']);
    expect(resizeLayout(couple, 99, 99, 'standard').rows).toHaveLength(40);
    expect(hallLayoutProblems(narrower)).toEqual([]);
  });

  it('relabels a row and drops a removed area from its cells', () => {
    const layout = relabelRow(blankLayout(1, 1), 0, ' VIP ');
    expect(layout.rows[0]!.label).toBe('VIP');
    const noArea = withAreas(layout, [{ code: 'gold', name: '金', color: '#000000' }]);
    expect(noArea.rows[0]!.cells[0]).toEqual({ kind: 'normal', area: null });
    expect(hallLayoutProblems(noArea)[0]).toMatchObject({ problem: 'seatWithoutArea' });
  });
});

describe('painting with a drag', () => {
  it('paints the whole rectangle between where the drag started and where it is', () => {
    const painted = paintRect(
      blankLayout(4, 5),
      { x: 3, y: 2 },
      { x: 1, y: 0 },
      'aisle',
      'standard',
    );
    expect(painted.rows.map((_, y) => kinds(painted, y).join(' '))).toEqual([
      'normal aisle aisle aisle normal',
      'normal aisle aisle aisle normal',
      'normal aisle aisle aisle normal',
      'normal normal normal normal normal',
    ]);
  });

  it('gives back what a shrinking rectangle no longer covers (painting starts from before the drag)', () => {
    const before = blankLayout(2, 4);
    paintRect(before, { x: 0, y: 0 }, { x: 3, y: 1 }, 'unavailable', 'standard');
    const shrunk = paintRect(before, { x: 0, y: 0 }, { x: 0, y: 0 }, 'unavailable', 'standard');
    expect(kinds(shrunk)).toEqual(['unavailable', 'normal', 'normal', 'normal']);
    expect(kinds(shrunk, 1)).toEqual(['normal', 'normal', 'normal', 'normal']);
  });

  it('pairs couple seats along a drag and never paints the aisles it crosses', () => {
    let layout = paintCell(blankLayout(2, 7), 2, 0, 'aisle', 'standard');
    layout = paintCell(layout, 2, 1, 'aisle', 'standard');
    const painted = paintRect(layout, { x: 0, y: 0 }, { x: 6, y: 1 }, 'couple', 'standard');
    for (const y of [0, 1]) {
      expect(kinds(painted, y)).toEqual([
        'couple-left',
        'couple-right',
        'aisle',
        'couple-left',
        'couple-right',
        'couple-left',
        'couple-right',
      ]);
    }
    expect(hallLayoutProblems(painted)).toEqual([]);
  });

  it('leaves a seat alone when an aisle leaves it no partner in the drag', () => {
    const layout = paintCell(blankLayout(1, 5), 1, 0, 'aisle', 'standard');
    const painted = paintRect(layout, { x: 0, y: 0 }, { x: 4, y: 0 }, 'couple', 'standard');
    expect(kinds(painted)).toEqual(['normal', 'aisle', 'couple-left', 'couple-right', 'normal']);
  });

  it('does not pair a clicked seat with an aisle: it takes the seat before, or nothing', () => {
    const layout = paintCell(blankLayout(1, 4), 2, 0, 'aisle', 'standard');
    expect(kinds(paintCell(layout, 1, 0, 'couple', 'standard'))).toEqual([
      'couple-left',
      'couple-right',
      'aisle',
      'normal',
    ]);
    expect(paintCell(layout, 2, 0, 'couple', 'standard')).toBe(layout);
    const lone = paintCell(paintCell(blankLayout(1, 3), 0, 0, 'aisle', 's'), 2, 0, 'aisle', 's');
    expect(paintCell(lone, 1, 0, 'couple', 'standard')).toBe(lone);
  });
});

describe('the seats of a price area', () => {
  it('names the seats priced in an area as staff read them, aisles not counted', () => {
    let layout = withAreas(blankLayout(2, 3), [
      { code: 'standard', name: '普通区', color: '#3b82f6' },
      { code: 'vip', name: 'VIP', color: '#f59e0b' },
    ]);
    layout = paintCell(layout, 0, 1, 'aisle', 'standard');
    layout = paintRect(layout, { x: 1, y: 1 }, { x: 2, y: 1 }, 'area', 'vip');
    expect(seatsInArea(layout, 'vip', 'zh')).toEqual(['B排1座', 'B排2座']);
    expect(seatsInArea(layout, 'vip', 'en')).toEqual(['Row B, Seat 1', 'Row B, Seat 2']);
  });
});

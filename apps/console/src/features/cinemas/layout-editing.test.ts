import { describe, expect, it } from 'vitest';
import { blankLayout, hallLayoutProblems } from '@marquee/contracts/console';
import { paintCell, relabelRow, resizeLayout, withAreas } from './layout-editing';

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

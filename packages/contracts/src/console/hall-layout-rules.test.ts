import { describe, expect, it } from 'vitest';
import { fullErrorMessage } from './errors.js';
import {
  blankLayout,
  hallLayoutProblems,
  layoutProblemText,
  rowLabelOf,
  seatsOfLayout,
  type HallLayout,
  type LayoutCell,
} from './hall-layout-rules.js';

const seat = (area = 'standard'): LayoutCell => ({ kind: 'normal', area });
const aisle: LayoutCell = { kind: 'aisle', area: null };
const left = (area = 'standard'): LayoutCell => ({ kind: 'couple-left', area });
const right = (area = 'standard'): LayoutCell => ({ kind: 'couple-right', area });

function layoutOf(rows: LayoutCell[][], labels = rows.map((_, y) => rowLabelOf(y))): HallLayout {
  return {
    columns: rows[0]?.length ?? 0,
    rows: rows.map((cells, y) => ({ label: labels[y]!, cells })),
    areas: [
      { code: 'standard', name: '普通区', color: '#3b82f6' },
      { code: 'couple', name: '情侣座', color: '#ec4899' },
    ],
  };
}

describe('seat layouts painted in the console', () => {
  it('accepts a blank grid and a layout with aisles, couples, wheelchairs and broken seats', () => {
    expect(hallLayoutProblems(blankLayout(3, 4))).toEqual([]);
    const layout = layoutOf([
      [seat(), aisle, seat(), { kind: 'wheelchair', area: 'standard' }],
      [left('couple'), right('couple'), aisle, { kind: 'unavailable', area: null }],
    ]);
    expect(hallLayoutProblems(layout)).toEqual([]);
  });

  it('numbers seats per row from the left, skipping aisles, as moviegoers see them', () => {
    const layout = layoutOf([
      [seat(), aisle, seat(), seat()],
      [aisle, left('couple'), right('couple'), aisle],
    ]);
    expect(seatsOfLayout(layout).map((s) => [s.label, s.x, s.y, s.kind])).toEqual([
      ['A1', 0, 0, 'normal'],
      ['A2', 2, 0, 'normal'],
      ['A3', 3, 0, 'normal'],
      ['B1', 1, 1, 'couple-left'],
      ['B2', 2, 1, 'couple-right'],
    ]);
  });

  it('refuses a couple-left seat not followed by a couple-right one in the same row', () => {
    const problems = hallLayoutProblems(
      layoutOf([
        [left(), seat(), seat()],
        [seat(), seat(), right()],
      ]),
    );
    expect(problems).toEqual([
      { problem: 'coupleAlone', row: 'A', column: 1 },
      { problem: 'coupleAlone', row: 'B', column: 3 },
    ]);
  });

  it('refuses a couple pair split over two price areas', () => {
    expect(hallLayoutProblems(layoutOf([[left('couple'), right('standard')]]))).toEqual([
      { problem: 'coupleMixedAreas', row: 'A', column: 1 },
    ]);
  });

  it('refuses a seat for sale without a price area, or with an unknown one', () => {
    const problems = hallLayoutProblems(
      layoutOf([
        [{ kind: 'normal', area: null }, seat('vip'), { kind: 'unavailable', area: null }],
      ]),
    );
    expect(problems).toEqual([
      { problem: 'seatWithoutArea', row: 'A', column: 1 },
      { problem: 'unknownArea', row: 'A', column: 2, code: 'vip' },
    ]);
  });

  it('refuses repeated row labels and seat labels that come out twice', () => {
    // Named once for the row, not once per seat.
    expect(
      hallLayoutProblems(
        layoutOf(
          [
            [seat(), seat()],
            [seat(), seat()],
          ],
          ['A', 'A'],
        ),
      ),
    ).toEqual([{ problem: 'rowLabelTaken', row: 'A' }]);
    // Row "A1" seat 1 and row "A" seat 11 would both be "A11".
    const wide = Array.from({ length: 11 }, () => seat());
    const clash = layoutOf([wide, wide], ['A', 'A1']);
    expect(hallLayoutProblems(clash)).toContainEqual({ problem: 'seatLabelTaken', label: 'A11' });
  });

  it('refuses bad row labels, area codes, colours and duplicate area codes', () => {
    const layout = layoutOf([[seat()]], ['排1']);
    layout.areas = [
      { code: 'standard', name: '普通区', color: 'blue' },
      { code: 'standard', name: '又一个', color: '#000000' },
      { code: 'Bad Code', name: '坏', color: '#000000' },
    ];
    expect(hallLayoutProblems(layout)).toEqual([
      { problem: 'areaColor', code: 'standard' },
      { problem: 'areaCodeTaken', code: 'standard' },
      { problem: 'areaCode', code: 'Bad Code' },
      { problem: 'rowLabel', row: 1 },
    ]);
  });

  it('bounds the size and needs every row as wide as the grid', () => {
    expect(hallLayoutProblems(blankLayout(41, 2))).toEqual([
      { problem: 'size', rows: 41, columns: 2 },
    ]);
    expect(hallLayoutProblems(blankLayout(2, 61))[0]?.problem).toBe('size');
    expect(hallLayoutProblems({ ...blankLayout(1, 1), rows: [] })[0]?.problem).toBe('size');
    const ragged = blankLayout(2, 3);
    ragged.rows[1]!.cells.pop();
    expect(hallLayoutProblems(ragged)).toEqual([
      { problem: 'rowWidth', row: 'B', cells: 2, columns: 3 },
    ]);
  });

  it('needs at least one seat for sale and no price area on an aisle', () => {
    const problems = hallLayoutProblems(
      layoutOf([
        [
          { kind: 'aisle', area: 'standard' },
          { kind: 'unavailable', area: null },
        ],
      ]),
    );
    expect(problems).toEqual([
      { problem: 'aisleWithArea', row: 'A', column: 1 },
      { problem: 'noSeats' },
    ]);
  });

  it('says what is wrong in both languages, with the count of further problems', () => {
    const problem = { problem: 'coupleAlone', row: 'C', column: 4 } as const;
    expect(layoutProblemText(problem, 'zh')).toContain('C 排第 4 列');
    expect(layoutProblemText(problem, 'en')).toContain('Row C, column 4');
    const message = fullErrorMessage('HALL_LAYOUT_INVALID', { problems: [problem, problem] }, 'en');
    expect(message).toContain('and 1 more');
  });

  it('labels rows A to Z, then AA, AB', () => {
    expect([0, 25, 26, 27].map(rowLabelOf)).toEqual(['A', 'Z', 'AA', 'AB']);
  });
});

import { z } from 'zod';
import { englishNameSchema } from '../rules/english-names.js';

/**
 * A hall's seat layout as the console's editor paints it, and its pure rules (decision
 * 016). The grid is rows × columns from the screen backwards; each cell is an aisle or a seat of a
 * kind with a price area (by code). Seats are numbered per row from the left, skipping aisles, and
 * labelled row label + number ("C7"), as moviegoers see them. The server checks the same rules.
 */
export const LAYOUT_MAX_ROWS = 40;
export const LAYOUT_MAX_COLUMNS = 60;
export const LAYOUT_MAX_AREAS = 8;

export const layoutCellKinds = [
  'aisle',
  'normal',
  'couple-left',
  'couple-right',
  'wheelchair',
  'unavailable',
] as const;
export type LayoutCellKind = (typeof layoutCellKinds)[number];

export const layoutCellSchema = z.object({
  kind: z.enum(layoutCellKinds),
  /** The price area's code; null for an aisle, and allowed for a broken (`unavailable`) seat. */
  area: z.string().max(20).nullable(),
});
export type LayoutCell = z.infer<typeof layoutCellSchema>;

export const layoutAreaSchema = z.object({
  code: z.string().trim().min(1).max(20),
  name: z.string().trim().min(1).max(20),
  /** Shown on English pages; none: `name` (decision 027). */
  nameEn: englishNameSchema(30),
  /** #rrggbb */
  color: z.string().trim(),
});
export type LayoutArea = z.infer<typeof layoutAreaSchema>;

/** Loosely shaped on purpose: `hallLayoutProblems` names what is wrong, cell by cell. */
export const hallLayoutSchema = z.object({
  columns: z.number().int(),
  rows: z
    .array(
      z.object({
        label: z.string().trim().max(8),
        cells: z.array(layoutCellSchema).max(LAYOUT_MAX_COLUMNS + 1),
      }),
    )
    .max(LAYOUT_MAX_ROWS + 1),
  areas: z.array(layoutAreaSchema).max(LAYOUT_MAX_AREAS + 1),
});
export type HallLayout = z.infer<typeof hallLayoutSchema>;

export type LayoutProblem =
  | { problem: 'size'; rows: number; columns: number }
  | { problem: 'rowWidth'; row: string; cells: number; columns: number }
  | { problem: 'rowLabel'; row: number }
  | { problem: 'rowLabelTaken'; row: string }
  | { problem: 'areaCode'; code: string }
  | { problem: 'areaCodeTaken'; code: string }
  | { problem: 'areaColor'; code: string }
  | { problem: 'areaCount' }
  | { problem: 'coupleAlone'; row: string; column: number }
  | { problem: 'coupleMixedAreas'; row: string; column: number }
  | { problem: 'seatWithoutArea'; row: string; column: number }
  | { problem: 'unknownArea'; row: string; column: number; code: string }
  | { problem: 'aisleWithArea'; row: string; column: number }
  | { problem: 'seatLabelTaken'; label: string }
  | { problem: 'noSeats' };

const AREA_CODE = /^[a-z0-9][a-z0-9_-]{0,19}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
const ROW_LABEL = /^[A-Za-z0-9]{1,3}$/;

/** A seat as stored and drawn: grid position, number in its row, label, kind and area code. */
export interface LayoutSeatPlacement {
  x: number;
  y: number;
  col: number;
  rowLabel: string;
  label: string;
  kind: Exclude<LayoutCellKind, 'aisle'>;
  area: string | null;
}

/** Every seat of a layout, row by row from the screen, left to right (aisles skipped). */
export function seatsOfLayout(layout: HallLayout): LayoutSeatPlacement[] {
  const seats: LayoutSeatPlacement[] = [];
  layout.rows.forEach((row, y) => {
    let col = 0;
    row.cells.forEach((cell, x) => {
      if (cell.kind === 'aisle') return;
      col += 1;
      seats.push({
        x,
        y,
        col,
        rowLabel: row.label,
        label: `${row.label}${col}`,
        kind: cell.kind,
        area: cell.area,
      });
    });
  });
  return seats;
}

/**
 * What is wrong with a layout, in reading order (empty when it can be saved): sizes within
 * bounds, every row as wide as the grid, unique row and seat labels, valid price areas, couple
 * seats in left+right pairs of one area, every seat for sale with an area, at least one seat.
 */
export function hallLayoutProblems(layout: HallLayout): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const rowCount = layout.rows.length;
  if (
    rowCount < 1 ||
    rowCount > LAYOUT_MAX_ROWS ||
    layout.columns < 1 ||
    layout.columns > LAYOUT_MAX_COLUMNS
  ) {
    return [{ problem: 'size', rows: rowCount, columns: layout.columns }];
  }
  if (layout.areas.length < 1 || layout.areas.length > LAYOUT_MAX_AREAS) {
    problems.push({ problem: 'areaCount' });
  }
  const codes = new Set<string>();
  for (const area of layout.areas) {
    if (!AREA_CODE.test(area.code)) problems.push({ problem: 'areaCode', code: area.code });
    else if (codes.has(area.code)) problems.push({ problem: 'areaCodeTaken', code: area.code });
    if (!COLOR.test(area.color)) problems.push({ problem: 'areaColor', code: area.code });
    codes.add(area.code);
  }
  const labels = new Set<string>();
  layout.rows.forEach((row, y) => {
    if (!ROW_LABEL.test(row.label)) problems.push({ problem: 'rowLabel', row: y + 1 });
    else if (labels.has(row.label)) problems.push({ problem: 'rowLabelTaken', row: row.label });
    labels.add(row.label);
    if (row.cells.length !== layout.columns) {
      problems.push({
        problem: 'rowWidth',
        row: row.label,
        cells: row.cells.length,
        columns: layout.columns,
      });
      return;
    }
    problems.push(...rowProblems(row.label, row.cells, codes));
  });
  const seats = seatsOfLayout(layout);
  const seatLabels = new Set<string>();
  // A repeated row label repeats all its seat labels: name the row once, not every seat.
  const hasRepeatedRow = problems.some((p) => p.problem === 'rowLabelTaken');
  for (const seat of hasRepeatedRow ? [] : seats) {
    if (seatLabels.has(seat.label)) problems.push({ problem: 'seatLabelTaken', label: seat.label });
    seatLabels.add(seat.label);
  }
  if (!seats.some((seat) => seat.kind !== 'unavailable')) problems.push({ problem: 'noSeats' });
  return problems;
}

function rowProblems(row: string, cells: LayoutCell[], codes: Set<string>): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  cells.forEach((cell, x) => {
    const column = x + 1;
    if (cell.kind === 'aisle') {
      if (cell.area !== null) problems.push({ problem: 'aisleWithArea', row, column });
      return;
    }
    if (cell.area === null) {
      if (cell.kind !== 'unavailable') problems.push({ problem: 'seatWithoutArea', row, column });
    } else if (!codes.has(cell.area)) {
      problems.push({ problem: 'unknownArea', row, column, code: cell.area });
    }
    if (cell.kind === 'couple-left') {
      const right = cells[x + 1];
      if (right?.kind !== 'couple-right') problems.push({ problem: 'coupleAlone', row, column });
      else if (right.area !== cell.area) {
        problems.push({ problem: 'coupleMixedAreas', row, column });
      }
    }
    if (cell.kind === 'couple-right' && cells[x - 1]?.kind !== 'couple-left') {
      problems.push({ problem: 'coupleAlone', row, column });
    }
  });
  return problems;
}

/** zh-CN and English words of a problem (the error message and the editor's list). */
export function layoutProblemText(problem: LayoutProblem, lang: 'zh' | 'en'): string {
  const zh = lang === 'zh';
  switch (problem.problem) {
    case 'size':
      return zh
        ? `座位图须为 1–${LAYOUT_MAX_ROWS} 排、1–${LAYOUT_MAX_COLUMNS} 列（现在 ${problem.rows} 排 ${problem.columns} 列）`
        : `A layout has 1–${LAYOUT_MAX_ROWS} rows and 1–${LAYOUT_MAX_COLUMNS} columns (now ${problem.rows} × ${problem.columns}).`;
    case 'rowWidth':
      return zh
        ? `${problem.row} 排有 ${problem.cells} 格，应为 ${problem.columns} 格`
        : `Row ${problem.row} has ${problem.cells} cells instead of ${problem.columns}.`;
    case 'rowLabel':
      return zh
        ? `第 ${problem.row} 排的排名须为 1–3 个字母或数字`
        : `Row ${problem.row} needs a label of 1–3 letters or digits.`;
    case 'rowLabelTaken':
      return zh ? `排名「${problem.row}」重复了` : `The row label "${problem.row}" is used twice.`;
    case 'areaCode':
      return zh
        ? `票价区代码「${problem.code}」须为小写字母、数字、- 或 _（最多 20 位）`
        : `The price area code "${problem.code}" must be lower-case letters, digits, - or _ (up to 20).`;
    case 'areaCodeTaken':
      return zh
        ? `票价区代码「${problem.code}」重复了`
        : `The price area code "${problem.code}" is used twice.`;
    case 'areaColor':
      return zh
        ? `票价区「${problem.code}」的颜色须为 #rrggbb`
        : `The colour of price area "${problem.code}" must be #rrggbb.`;
    case 'areaCount':
      return zh
        ? `需要 1–${LAYOUT_MAX_AREAS} 个票价区`
        : `A layout needs 1–${LAYOUT_MAX_AREAS} price areas.`;
    case 'coupleAlone':
      return zh
        ? `${problem.row} 排第 ${problem.column} 列：情侣座必须左座紧挨右座成对出现`
        : `Row ${problem.row}, column ${problem.column}: a couple seat needs its pair (left then right).`;
    case 'coupleMixedAreas':
      return zh
        ? `${problem.row} 排第 ${problem.column} 列：一对情侣座须在同一票价区`
        : `Row ${problem.row}, column ${problem.column}: both seats of a couple pair need the same price area.`;
    case 'seatWithoutArea':
      return zh
        ? `${problem.row} 排第 ${problem.column} 列：座位没有票价区`
        : `Row ${problem.row}, column ${problem.column}: the seat has no price area.`;
    case 'unknownArea':
      return zh
        ? `${problem.row} 排第 ${problem.column} 列：没有代码为「${problem.code}」的票价区`
        : `Row ${problem.row}, column ${problem.column}: there is no price area "${problem.code}".`;
    case 'aisleWithArea':
      return zh
        ? `${problem.row} 排第 ${problem.column} 列：过道不能有票价区`
        : `Row ${problem.row}, column ${problem.column}: an aisle has no price area.`;
    case 'seatLabelTaken':
      return zh
        ? `座位号「${problem.label}」重复了，请改排名`
        : `The seat label "${problem.label}" comes out twice; change a row label.`;
    case 'noSeats':
      return zh ? '至少要有一个可售座位' : 'A layout needs at least one seat for sale.';
  }
}

/** A blank grid: every cell a seat of the first area (what "new hall" starts from). */
export function blankLayout(
  rows: number,
  columns: number,
  area: LayoutArea = { code: 'standard', name: '普通区', color: '#3b82f6' },
): HallLayout {
  return {
    columns,
    rows: Array.from({ length: rows }, (_, y) => ({
      label: rowLabelOf(y),
      cells: Array.from({ length: columns }, () => ({ kind: 'normal' as const, area: area.code })),
    })),
    areas: [area],
  };
}

/** A, B, … Z, AA, AB, …: the usual row labels. */
export function rowLabelOf(y: number): string {
  return y < 26
    ? String.fromCharCode(65 + y)
    : `${rowLabelOf(Math.floor(y / 26) - 1)}${rowLabelOf(y % 26)}`;
}

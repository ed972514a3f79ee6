import { seatName } from '@marquee/contracts';
import {
  LAYOUT_MAX_COLUMNS,
  LAYOUT_MAX_ROWS,
  rowLabelOf,
  seatsOfLayout,
  type HallLayout,
  type LayoutCell,
} from '@marquee/contracts/console';

/**
 * What the editor's brush does to the grid: pure functions of the layout, so painting never
 * leaves half a couple pair behind (the partner of an overwritten couple seat becomes a seat).
 */
export const brushes = ['normal', 'couple', 'wheelchair', 'unavailable', 'aisle', 'area'] as const;
export type Brush = (typeof brushes)[number];

export function paintCell(
  layout: HallLayout,
  x: number,
  y: number,
  brush: Brush,
  area: string,
): HallLayout {
  const row = layout.rows[y];
  if (!row || x < 0 || x >= layout.columns) return layout;
  const cells = [...row.cells];
  const put = (at: number, cell: LayoutCell) => {
    unpair(cells, at);
    cells[at] = cell;
  };
  switch (brush) {
    case 'aisle':
      put(x, { kind: 'aisle', area: null });
      break;
    case 'couple': {
      // The pair takes the next cell, or the one before at a row's end or an aisle; never an aisle.
      const isSeat = (at: number) => at >= 0 && at < layout.columns && cells[at]!.kind !== 'aisle';
      if (!isSeat(x)) return layout;
      const left = isSeat(x + 1) ? x : isSeat(x - 1) ? x - 1 : null;
      if (left === null) return layout;
      put(left, { kind: 'couple-left', area });
      put(left + 1, { kind: 'couple-right', area });
      break;
    }
    case 'unavailable': {
      const current = cells[x]!;
      put(x, { kind: 'unavailable', area: current.kind === 'aisle' ? area : current.area });
      break;
    }
    case 'area': {
      // Re-price a seat (both halves of a couple); aisles stay aisles.
      const current = cells[x]!;
      if (current.kind === 'aisle') return layout;
      cells[x] = { ...current, area };
      if (current.kind === 'couple-left' && cells[x + 1]?.kind === 'couple-right') {
        cells[x + 1] = { ...cells[x + 1]!, area };
      }
      if (current.kind === 'couple-right' && cells[x - 1]?.kind === 'couple-left') {
        cells[x - 1] = { ...cells[x - 1]!, area };
      }
      break;
    }
    default:
      put(x, { kind: brush, area });
  }
  return { ...layout, rows: layout.rows.map((r, i) => (i === y ? { ...r, cells } : r)) };
}

/** A drag's corners: where the button went down and where the pointer is now. */
export interface GridPoint {
  x: number;
  y: number;
}

/**
 * A drag of the brush paints the whole rectangle between its corners, starting again from the
 * layout before the drag, so shrinking the rectangle gives back what it had covered. The couple
 * pen pairs the rectangle's seats left to right in each row, skipping aisles and leaving a seat
 * with no partner inside the rectangle as it was; a single cell pairs as a click does.
 */
export function paintRect(
  base: HallLayout,
  from: GridPoint,
  to: GridPoint,
  brush: Brush,
  area: string,
): HallLayout {
  const [x0, x1] = [Math.min(from.x, to.x), Math.max(from.x, to.x)];
  const [y0, y1] = [Math.min(from.y, to.y), Math.max(from.y, to.y)];
  let layout = base;
  for (let y = y0; y <= y1; y += 1) {
    if (brush === 'couple' && x1 > x0) {
      let x = x0;
      while (x < x1) {
        const cells = layout.rows[y]?.cells;
        if (!cells) break;
        if (cells[x]?.kind === 'aisle') x += 1;
        else if (cells[x + 1]?.kind === 'aisle') x += 2;
        else {
          layout = paintCell(layout, x, y, 'couple', area);
          x += 2;
        }
      }
      continue;
    }
    for (let x = x0; x <= x1; x += 1) layout = paintCell(layout, x, y, brush, area);
  }
  return layout;
}

/** The seats of a layout priced in one area, named as staff read them ("3排5座"). */
export function seatsInArea(layout: HallLayout, code: string, lang: 'zh' | 'en'): string[] {
  return seatsOfLayout(layout)
    .filter((seat) => seat.area === code)
    .map((seat) => seatName(seat.label, lang));
}

/** The partner of a couple seat about to be overwritten becomes a plain seat of its area. */
function unpair(cells: LayoutCell[], x: number) {
  const cell = cells[x];
  if (cell?.kind === 'couple-left' && cells[x + 1]?.kind === 'couple-right') {
    cells[x + 1] = { kind: 'normal', area: cells[x + 1]!.area };
  }
  if (cell?.kind === 'couple-right' && cells[x - 1]?.kind === 'couple-left') {
    cells[x - 1] = { kind: 'normal', area: cells[x - 1]!.area };
  }
}

/**
 * The grid made `rows` × `columns` (within bounds): new rows and columns are seats of `area`,
 * new rows labelled after the last; a couple cut in half by fewer columns becomes a seat.
 */
export function resizeLayout(
  layout: HallLayout,
  rows: number,
  columns: number,
  area: string,
): HallLayout {
  const rowCount = Math.min(Math.max(rows, 1), LAYOUT_MAX_ROWS);
  const width = Math.min(Math.max(columns, 1), LAYOUT_MAX_COLUMNS);
  const seat = (): LayoutCell => ({ kind: 'normal', area });
  const taken = new Set(layout.rows.map((row) => row.label));
  const nextLabel = () => {
    for (let i = 0; ; i += 1) {
      const label = rowLabelOf(i);
      if (!taken.has(label)) {
        taken.add(label);
        return label;
      }
    }
  };
  const resized = Array.from({ length: rowCount }, (_, y) => {
    const row = layout.rows[y] ?? { label: nextLabel(), cells: [] };
    const cells = Array.from({ length: width }, (_, x) => row.cells[x] ?? seat());
    const last = cells[width - 1]!;
    if (last.kind === 'couple-left') cells[width - 1] = { kind: 'normal', area: last.area };
    return { label: row.label, cells };
  });
  return { ...layout, columns: width, rows: resized };
}

export function relabelRow(layout: HallLayout, y: number, label: string): HallLayout {
  return {
    ...layout,
    rows: layout.rows.map((row, i) => (i === y ? { ...row, label: label.trim() } : row)),
  };
}

/** Price areas edited: cells of a removed area lose it (the rules then point at them). */
export function withAreas(layout: HallLayout, areas: HallLayout['areas']): HallLayout {
  const codes = new Set(areas.map((area) => area.code));
  return {
    ...layout,
    areas,
    rows: layout.rows.map((row) => ({
      ...row,
      cells: row.cells.map((cell) =>
        cell.area !== null && !codes.has(cell.area) ? { ...cell, area: null } : cell,
      ),
    })),
  };
}

/** A colour for the next price area, from a short palette the moviegoers' legend reads well. */
export const areaPalette = [
  '#3b82f6',
  '#f59e0b',
  '#ec4899',
  '#10b981',
  '#8b5cf6',
  '#ef4444',
  '#14b8a6',
  '#64748b',
];

import {
  LAYOUT_MAX_COLUMNS,
  LAYOUT_MAX_ROWS,
  rowLabelOf,
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
      if (layout.columns < 2) return layout;
      const left = x + 1 < layout.columns ? x : x - 1;
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

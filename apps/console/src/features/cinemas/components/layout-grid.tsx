import { useEffect, useRef } from 'react';
import { Input } from 'antd';
import type { HallLayout, LayoutCell } from '@marquee/contracts/console';
import { cinemasMessages } from '../cinemas-messages';
import type { GridPoint } from '../layout-editing';
import './layout-editor.css';

const glyph: Record<LayoutCell['kind'], string> = {
  aisle: '',
  normal: '',
  'couple-left': '♥',
  'couple-right': '♥',
  wheelchair: '♿',
  unavailable: '×',
};

/**
 * The painting grid: one button per cell (click, or press and drag a rectangle across cells), each
 * row's label in a box on the left. Colours are the cells' price areas.
 */
export function LayoutGrid(props: {
  layout: HallLayout;
  /** The button went down on a cell (or Enter on it): a stroke starts there. */
  onPaintStart: (point: GridPoint) => void;
  /** The pointer is over another cell while the button is down: the stroke's far corner. */
  onPaintMove: (point: GridPoint) => void;
  onPaintEnd: () => void;
  onLabel: (y: number, label: string) => void;
}) {
  const t = cinemasMessages.useMessages();
  const isPainting = useRef(false);
  const { onPaintEnd } = props;
  useEffect(() => {
    const stop = () => {
      if (!isPainting.current) return;
      isPainting.current = false;
      onPaintEnd();
    };
    window.addEventListener('mouseup', stop);
    return () => window.removeEventListener('mouseup', stop);
  }, [onPaintEnd]);
  const colourOf = new Map(props.layout.areas.map((area) => [area.code, area.color]));

  return (
    <div className="layout-grid" data-testid="layout-grid">
      {props.layout.rows.map((row, y) => (
        <div className="layout-grid__row" key={y}>
          <Input
            size="small"
            className="layout-grid__label"
            aria-label={`${t('rowLabel')} ${y + 1}`}
            value={row.label}
            maxLength={3}
            onChange={(event) => props.onLabel(y, event.target.value)}
          />
          {row.cells.map((cell, x) => (
            <button
              type="button"
              key={x}
              className="layout-cell"
              data-kind={cell.kind}
              data-testid={`cell-${y}-${x}`}
              aria-label={`${row.label} ${x + 1}`}
              style={
                cell.area ? ({ '--area': colourOf.get(cell.area) ?? '#999' } as object) : undefined
              }
              onMouseDown={(event) => {
                event.preventDefault();
                isPainting.current = true;
                props.onPaintStart({ x, y });
              }}
              onMouseEnter={() => {
                if (isPainting.current) props.onPaintMove({ x, y });
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  props.onPaintStart({ x, y });
                  props.onPaintEnd();
                }
              }}
            >
              {glyph[cell.kind]}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}

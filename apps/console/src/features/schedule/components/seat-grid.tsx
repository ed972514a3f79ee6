import { Tooltip } from 'antd';
import { seatName } from '@marquee/contracts';
import type { ShowSeatBoard } from '@marquee/contracts/console';
import { getLang } from '@/lib/i18n/i18n';
import { seatBoardMessages } from '../seat-board-messages';

type BoardSeat = ShowSeatBoard['rows'][number]['seats'][number];

const CELL = 26;

/** How a seat looks: broken wins, then selection, then its sale state; the area's colour rims it. */
export function seatLook(seat: BoardSeat, isSelected: boolean) {
  if (seat.kind === 'unavailable') return { background: '#f0f0f0', color: '#bfbfbf' };
  if (isSelected) return { background: '#1677ff', color: '#fff' };
  if (seat.block) return { background: '#ff4d4f', color: '#fff' };
  if (seat.state === 'sold') return { background: '#8c8c8c', color: '#fff' };
  if (seat.state === 'held') return { background: '#faad14', color: '#fff' };
  return { background: '#fff', color: '#595959' };
}

/** The hall as a grid (x across, rows down, screen on top); click a seat to select it. */
export function SeatGrid(props: {
  board: ShowSeatBoard;
  selected: ReadonlySet<string>;
  onToggle: (seat: BoardSeat) => void;
}) {
  const t = seatBoardMessages.useMessages();
  const { board } = props;
  const areaOf = new Map(board.priceAreas.map((area) => [area.id, area]));
  return (
    <div style={{ overflowX: 'auto', padding: '4px 0' }}>
      <div
        style={{
          margin: '0 auto 12px',
          width: Math.min(board.columns * CELL, 520),
          textAlign: 'center',
          borderTop: '4px solid #d9d9d9',
          borderRadius: '50% 50% 0 0 / 8px 8px 0 0',
          color: '#8c8c8c',
          fontSize: 12,
        }}
      >
        {t('screen')}
      </div>
      {board.rows.map((row) => (
        <div
          key={row.y}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <span style={{ width: 24, color: '#8c8c8c', fontSize: 12 }}>{row.label}</span>
          <div style={{ position: 'relative', width: board.columns * CELL, height: CELL }}>
            {row.seats.map((seat) => {
              const area = seat.areaId ? areaOf.get(seat.areaId) : undefined;
              const isSelected = props.selected.has(seat.id);
              const look = seatLook(seat, isSelected);
              const lines = [
                t('seatTitle', { seat: seatName(seat.label, getLang()), area: area?.name ?? '—' }),
                seat.block ? t('seatBroken', { reason: seat.block.reason, by: seat.block.by }) : '',
                seat.orderNo ? t('seatOrder', { orderNo: seat.orderNo }) : '',
              ].filter(Boolean);
              return (
                <Tooltip
                  key={seat.id}
                  title={<span style={{ whiteSpace: 'pre-line' }}>{lines.join('\n')}</span>}
                >
                  <button
                    type="button"
                    data-testid="board-seat"
                    data-label={seat.label}
                    aria-label={seat.label}
                    aria-pressed={isSelected}
                    disabled={seat.kind === 'unavailable'}
                    onClick={() => props.onToggle(seat)}
                    style={{
                      position: 'absolute',
                      left: seat.x * CELL + 2,
                      top: 2,
                      width: CELL - 4,
                      height: CELL - 4,
                      padding: 0,
                      fontSize: 9,
                      lineHeight: `${CELL - 8}px`,
                      border: `2px solid ${area?.color ?? '#d9d9d9'}`,
                      borderRadius: seat.kind.startsWith('couple') ? 8 : 4,
                      cursor: seat.kind === 'unavailable' ? 'not-allowed' : 'pointer',
                      ...look,
                    }}
                  >
                    {seat.block ? '✕' : seat.label.replace(row.label, '')}
                  </button>
                </Tooltip>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The colours of the grid, explained. */
export function SeatLegend(props: { board: ShowSeatBoard }) {
  const t = seatBoardMessages.useMessages();
  const swatch = (background: string, label: string, border = '#d9d9d9') => (
    <span key={label} style={{ display: 'inline-flex', alignItems: 'center', marginRight: 14 }}>
      <span
        style={{
          width: 14,
          height: 14,
          background,
          border: `2px solid ${border}`,
          borderRadius: 3,
          marginRight: 4,
        }}
      />
      {label}
    </span>
  );
  return (
    <div style={{ fontSize: 12, color: '#595959' }}>
      {swatch('#fff', t('legendFree'))}
      {swatch('#faad14', t('legendHeld'))}
      {swatch('#8c8c8c', t('legendSold'))}
      {swatch('#ff4d4f', t('legendBroken'))}
      {swatch('#1677ff', t('legendSelected'))}
      {swatch('#f0f0f0', t('legendNotSeat'))}
      {props.board.priceAreas.map((area) => swatch('#fff', area.name, area.color))}
    </div>
  );
}

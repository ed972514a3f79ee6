import type { SeatKind } from '../calls/cinema.js';
import type { BestSeatsLayout, BestSeatsSeat } from './best-seats.js';

/**
 * Seat layouts drawn as text for the seat-rule tests, one string per row (row A first, nearest the
 * screen), one character per grid column:
 *   .  free seat        X  taken (held or sold)   o  chosen          (space) aisle / no seat
 *   P  free premium-area seat   p  taken premium-area seat
 *   #  broken seat     W  free wheelchair space   w  chosen wheelchair space   V  taken one
 *   (  )  free couple pair   <  >  taken couple pair   {  }  chosen couple pair
 * Seat labels are the row letter and the column number from 1: "A1", "C7". The demo halls use the
 * same drawing (apps/server/src/db/demo/cinemas.ts).
 */
export function drawLayout(...lines: string[]): {
  layout: BestSeatsLayout & { rows: { seats: BestSeatsSeat[] }[] };
  taken: string[];
  chosen: string[];
} {
  const taken: string[] = [];
  const chosen: string[] = [];
  const rows = lines.map((line, y) => {
    const rowLabel = String.fromCharCode(65 + y);
    const seats: BestSeatsSeat[] = [];
    [...line].forEach((char, x) => {
      if (char === ' ') return;
      const kind: SeatKind = '#'.includes(char)
        ? 'unavailable'
        : '(<{'.includes(char)
          ? 'couple-left'
          : ')>}'.includes(char)
            ? 'couple-right'
            : 'WwV'.includes(char)
              ? 'wheelchair'
              : 'normal';
      const isTaken = 'X<>pV'.includes(char);
      const seat: BestSeatsSeat = {
        id: `${rowLabel}${x + 1}`,
        x,
        y,
        kind,
        label: `${rowLabel}${x + 1}`,
        areaId:
          kind === 'unavailable'
            ? null
            : 'Pp'.includes(char)
              ? 'premium'
              : '(<{)>}'.includes(char)
                ? 'couple'
                : 'standard',
        state: kind === 'unavailable' ? 'unavailable' : isTaken ? 'sold' : 'available',
      };
      if (isTaken) taken.push(seat.id);
      if ('ow{}'.includes(char)) chosen.push(seat.id);
      seats.push(seat);
    });
    return { seats };
  });
  return { layout: { rows }, taken, chosen };
}

/** The demo chain's halls (60, 159 and 574 seats for sale), as apps/server/src/db/demo draws them. */
export const demoHalls = {
  small: ['..........', '..........', '..PPPPPP..', '..PPPPPP..', '..........', 'W........W'],
  normal: [
    '... .......... ...',
    '... .......... ...',
    '... .......... ...',
    '... PPPPPPPPPP ...',
    '... PPPP#PPPPP ...',
    '... PPPPPPPPPP ...',
    '... .......... ...',
    '... .......... ...',
    '... .......... ...',
    'W.. .......... ..W',
  ],
  large: [
    'WW.... ................ ....WW',
    ...Array.from({ length: 6 }, () => '...... ................ ......'),
    ...Array.from({ length: 6 }, () => '...... PPPPPPPPPPPPPPPP ......'),
    ...Array.from({ length: 5 }, () => '...... ................ ......'),
    '...... ..........#..... #.....',
    '()()() ()()()()()()()() ()()()',
    '()()() ()()()()()()()() ()()()',
  ],
};

import type { PriceArea, Seat, SeatRow } from '@marquee/contracts';

/**
 * A hall for tests, drawn as text: one line per row, one character per grid column.
 * `.` gap (aisle), `o` available, `x` sold, `h` held, `#` not for sale, `w` wheelchair,
 * `(` `)` a couple pair's halves (available), `[` `]` a sold couple pair.
 */
export function hallFromPicture(picture: string, labels = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
  const lines = picture
    .trim()
    .split('\n')
    .map((line) => line.trim());
  const rows: SeatRow[] = lines.map((line, y) => {
    const label = labels[y] ?? String(y + 1);
    let col = 0;
    const seats: Seat[] = [];
    [...line].forEach((char, x) => {
      if (char === '.') return;
      col += 1;
      const kind: Seat['kind'] =
        char === '(' || char === '['
          ? 'couple-left'
          : char === ')' || char === ']'
            ? 'couple-right'
            : char === 'w'
              ? 'wheelchair'
              : char === '#'
                ? 'unavailable'
                : 'normal';
      const state: Seat['state'] =
        char === 'x' || char === '[' || char === ']'
          ? 'sold'
          : char === 'h'
            ? 'held'
            : char === '#'
              ? 'unavailable'
              : 'available';
      seats.push({
        id: `${label}${col}`,
        row: label,
        col,
        x,
        y,
        kind,
        areaId: 'std',
        label: `${label}${col}`,
        state,
      });
    });
    return { label, y, seats };
  });
  const priceAreas: PriceArea[] = [
    { id: 'std', name: '普通区', price: 50, discountPrice: 45, color: '#9aa0a6' },
  ];
  return {
    rows,
    priceAreas,
    columns: Math.max(...lines.map((line) => line.length)),
    rowCount: lines.length,
  };
}

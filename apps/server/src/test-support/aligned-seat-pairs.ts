/** Just the parts of a seat map the pairs need (the contract's map and the bench's both fit). */
interface MapOfSeats {
  rows: { seats: { id: string; x: number; kind: string }[] }[];
}

/**
 * Seat pairs of a hall that never break the seat rules whatever else is held: rows of ordinary
 * seats only, pairs aligned to even offsets inside each block between aisles (every gap left is
 * even). The race tests and `npm run bench:seats` hold these, so any refusal is a conflict.
 */
export function alignedSeatPairs(map: MapOfSeats): string[][] {
  const pairs: string[][] = [];
  for (const row of map.rows) {
    if (row.seats.some((seat) => seat.kind !== 'normal' && seat.kind !== 'wheelchair')) continue;
    let block: MapOfSeats['rows'][number]['seats'] = [];
    const flush = () => {
      for (let i = 0; i + 1 < block.length; i += 2) pairs.push([block[i]!.id, block[i + 1]!.id]);
      block = [];
    };
    for (const seat of row.seats) {
      if (block.length > 0 && seat.x !== block.at(-1)!.x + 1) flush();
      block.push(seat);
    }
    flush();
  }
  return pairs;
}

import { describe, expect, it } from 'vitest';
import {
  decodeAvailabilityRow,
  encodeAvailabilityRows,
  seatKindCode,
  seatKindOfCode,
} from './seat-availability.js';
import { seatKinds, type SeatState } from '../calls/cinema.js';

describe('compact seat-map encodings', () => {
  it('writes one character per seat, in order, and reads it back', () => {
    const rows = [
      ['available', 'held', 'sold', 'unavailable'],
      [],
      ['available', 'available'],
    ] as const;
    const encoded = encodeAvailabilityRows(rows.map((row) => [...row]));
    expect(encoded).toEqual(['AHSX', '', 'AA']);
    expect(encoded.map(decodeAvailabilityRow)).toEqual(rows.map((row) => [...row]));
  });

  it('refuses a character it does not know instead of guessing', () => {
    expect(() => decodeAvailabilityRow('AZ')).toThrow(/unknown availability code "Z"/);
  });

  it('gives every seat kind its own one-letter code and back', () => {
    const codes = seatKinds.map(seatKindCode);
    expect(new Set(codes).size).toBe(seatKinds.length);
    expect(codes.map(seatKindOfCode)).toEqual([...seatKinds]);
  });

  it('keeps a 574-seat hall under a kilobyte', () => {
    const row = Array.from({ length: 26 }, (_, i): SeatState =>
      i % 3 === 0 ? 'held' : 'available',
    );
    const hall = encodeAvailabilityRows(Array.from({ length: 22 }, () => row));
    expect(JSON.stringify(hall).length).toBeLessThan(700);
  });
});

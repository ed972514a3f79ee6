import type { SeatKind, SeatState } from '../calls/cinema.js';

/**
 * The compact seat-map encodings shared by the server (which writes them) and clients (which read
 * them): seat kinds in the layout as one letter, and a row's availability as one character per
 * seat.
 */

export const layoutSeatKindCodes = ['n', 'l', 'r', 'w', 'u'] as const;
export type LayoutSeatKindCode = (typeof layoutSeatKindCodes)[number];

const kindToCode: Record<SeatKind, LayoutSeatKindCode> = {
  normal: 'n',
  'couple-left': 'l',
  'couple-right': 'r',
  wheelchair: 'w',
  unavailable: 'u',
};
const codeToKind = Object.fromEntries(
  Object.entries(kindToCode).map(([kind, code]) => [code, kind]),
) as Record<LayoutSeatKindCode, SeatKind>;

export const seatKindCode = (kind: SeatKind): LayoutSeatKindCode => kindToCode[kind];
export const seatKindOfCode = (code: LayoutSeatKindCode): SeatKind => codeToKind[code];

export const availabilityCodes = ['A', 'H', 'S', 'X'] as const;
export type AvailabilityCode = (typeof availabilityCodes)[number];

const stateToCode: Record<SeatState, AvailabilityCode> = {
  available: 'A',
  held: 'H',
  sold: 'S',
  unavailable: 'X',
};
const codeToState: Record<AvailabilityCode, SeatState> = {
  A: 'available',
  H: 'held',
  S: 'sold',
  X: 'unavailable',
};

/** One availability string per row: each seat's state as one character, in the row's order. */
export function encodeAvailabilityRows(rows: readonly (readonly SeatState[])[]): string[] {
  return rows.map((states) => states.map((state) => stateToCode[state]).join(''));
}

/** The states of one row's seats back from its availability string. */
export function decodeAvailabilityRow(encoded: string): SeatState[] {
  return [...encoded].map((code) => {
    const state = codeToState[code as AvailabilityCode];
    if (!state) throw new Error(`unknown availability code ${JSON.stringify(code)}`);
    return state;
  });
}

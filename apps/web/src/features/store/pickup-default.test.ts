import { describe, expect, it } from 'vitest';
import { defaultPickupCinemaId } from './pickup-default';

describe('the pickup cinema it starts at', () => {
  const cinemas = ['near', 'ticket', 'picked'];

  it('keeps the cinema picked last time', () => {
    expect(
      defaultPickupCinemaId(cinemas, 'picked', [{ status: 'ticketed', cinemaId: 'ticket' }]),
    ).toBe('picked');
  });

  it('else takes the cinema of the latest ticket, not the nearest', () => {
    const orders = [
      { status: 'refunded' as const, cinemaId: 'near' },
      { status: 'used' as const, cinemaId: 'ticket' },
    ];
    expect(defaultPickupCinemaId(cinemas, undefined, orders)).toBe('ticket');
    expect(defaultPickupCinemaId(cinemas, 'gone', orders)).toBe('ticket');
  });

  it('else the first of the list', () => {
    expect(defaultPickupCinemaId(cinemas, undefined, [])).toBe('near');
    expect(defaultPickupCinemaId([], undefined, [])).toBeUndefined();
  });
});

// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SeatsLeft } from './seats-left';

const shown = (available: number, total: number) => {
  const { unmount } = render(<SeatsLeft available={available} total={total} />);
  const element = screen.getByTestId('seats-left');
  const seen = { text: element.textContent, heat: element.getAttribute('data-heat') };
  unmount();
  return seen;
};

describe('seats left on the seat page', () => {
  it('counts the seats left, plainly while there are many', () => {
    expect(shown(123, 159)).toEqual({ text: '123 seats left', heat: 'normal' });
  });

  it('stresses a count the show lists call 紧张, and speaks of one seat in the singular', () => {
    expect(shown(6, 60)).toEqual({ text: '6 seats left', heat: 'few' });
    expect(shown(1, 60)).toEqual({ text: '1 seat left', heat: 'few' });
  });

  it('says sold out when nothing is left', () => {
    expect(shown(0, 60)).toEqual({ text: 'Sold out', heat: 'soldOut' });
  });
});

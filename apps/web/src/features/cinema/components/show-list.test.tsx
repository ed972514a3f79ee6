// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ShowSummary } from '@marquee/contracts';
import { ShowChips, ShowList } from './show-list';

const show = (showId: string, extra: Partial<ShowSummary>): ShowSummary => ({
  showId,
  filmId: 'f1',
  cinemaId: 'c1',
  hallId: 'h1',
  hallName: '1号厅',
  startAt: '2026-11-24T12:00:00.000Z',
  endAt: '2026-11-24T14:00:00.000Z',
  language: '国语',
  format: '2D',
  price: 50,
  discountPrice: 45,
  ...extra,
});

const shows = [
  show('s1', { seatsLeft: 40, heat: 'normal' }),
  show('s2', { seatsLeft: 5, heat: 'few' }),
  show('s3', { seatsLeft: 0, heat: 'soldOut' }),
  show('s4', {}),
];

describe('show heat in the show lists', () => {
  it('marks few seats and sold out in rows, in sight and in the spoken name', () => {
    render(
      <MemoryRouter>
        <ShowList shows={shows} />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('data-heat'))).toEqual([
      'normal',
      'few',
      'soldOut',
      null,
    ]);
    expect(links[0]!.textContent).not.toMatch(/Few left|Sold out/);
    expect(links[1]!.textContent).toContain('Few left');
    expect(links[1]!.getAttribute('aria-label')).toMatch(/Few left$/);
    expect(links[2]!.textContent).toContain('Sold out');
    expect(links[3]!.getAttribute('aria-label')).not.toMatch(/Few left|Sold out/);
  });

  it('marks them on the chips under a film too', () => {
    render(
      <MemoryRouter>
        <ShowChips shows={shows} />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links[1]!.textContent).toContain('Few left');
    expect(links[2]!.getAttribute('aria-label')).toMatch(/Sold out$/);
    expect(links[0]!.querySelector('.show-heat')).toBeNull();
  });
});

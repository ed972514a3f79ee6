// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkSeatSelection,
  takenSeatIdsOf,
  type CallAnswer,
  type CallDefinition,
  type showSeatsCall,
} from '@marquee/contracts';
import { setCareMode } from '@/lib/care-mode';
import { splitShowSeats } from '../show-seats-fixture';
import { hallFromPicture } from './seat-map-fixture';
import { SeatPicker } from './seat-picker';

// The server, as the API client would answer it: the seat map of one show, the hold.
const api = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api/api', () => ({ api }));

type SeatMapAnswer = CallAnswer<typeof showSeatsCall>;

const SHOW_ID = 'show-1';
// Row A: four seats, an aisle, four seats. Row B: A sold seat in the middle.
const hall = hallFromPicture(`
  oooo.oooo
  ooox.oooo
`);
const seatMap: SeatMapAnswer = {
  ...hall,
  showInfo: {
    showId: SHOW_ID,
    filmId: 'f1',
    filmTitle: '星际回响',
    posterUrl: '/poster.svg',
    cinemaId: 'c1',
    hallId: 'h1',
    hallName: '1号厅',
    startAt: '2026-11-24T12:00:00.000Z',
    endAt: '2026-11-24T14:00:00.000Z',
    language: '国语',
    format: '2D',
  },
  cinemaInfo: { cinemaId: 'c1', name: '星幕影城', address: '人民广场', phone: '021-1' },
  maxSeatsPerOrder: 4,
  holdMinutes: 15,
  serverTime: '2026-11-24T10:00:00.000Z',
};

function OrderPage() {
  const location = useLocation();
  return <p data-testid="order-page">{location.pathname + location.search}</p>;
}

function renderPicker() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/cinema/seat?showId=${SHOW_ID}`]}>
        <Routes>
          <Route path="/cinema/seat" element={<SeatPicker showId={SHOW_ID} />} />
          <Route path="/cinema/order" element={<OrderPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient, user: userEvent.setup() };
}

const seat = (label: string) =>
  document.querySelector<HTMLButtonElement>(`[data-seat="${label}"]`)!;
const confirmButton = () => screen.getByRole('button', { name: /Confirm seats/ });

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: CallDefinition, input: { body?: unknown }) => {
    if (call.path === '/show/layout') return splitShowSeats(seatMap).layout;
    if (call.path === '/show/availability') return splitShowSeats(seatMap).availability;
    if (call.path === '/filmOrder/pending') return { order: null };
    if (call.path === '/filmOrder/create') {
      const { seatLabels: seatIds } = input.body as { seatLabels: string[] };
      return {
        id: 'o1',
        orderNo: 'F1',
        status: 'pending_payment',
        showInfo: seatMap.showInfo,
        cinemaInfo: seatMap.cinemaInfo,
        seats: seatIds.map((id) => ({
          id,
          label: id,
          areaId: 'std',
          price: 50,
          discountPrice: 45,
        })),
        total: 45 * seatIds.length,
        holdExpiresAt: '2026-11-24T10:15:00.000Z',
        createdAt: '2026-11-24T10:00:00.000Z',
        paidAt: null,
        serverTime: '2026-11-24T10:00:00.000Z',
      };
    }
    throw new Error(`unexpected call ${call.path}`);
  });
});

describe('the seat map (/cinema/seat)', () => {
  it('chooses and unchooses seats with a tap, and totals their discount price', async () => {
    const { user } = renderPicker();
    await screen.findByRole('group', { name: 'Seat map of 1号厅' });
    await user.click(seat('A1'));
    await user.click(seat('A2'));
    expect(seat('A1').getAttribute('aria-pressed')).toBe('true');
    expect(seat('A2').getAttribute('data-state')).toBe('chosen');
    expect(screen.getByTestId('seat-total').textContent).toBe('¥90.00');

    await user.click(seat('A2'));
    expect(seat('A2').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('seat-total').textContent).toBe('¥45.00');
  });

  it('refuses a hold that leaves a single empty seat, and says how to fix it', async () => {
    const { user } = renderPicker();
    await screen.findByRole('group', { name: 'Seat map of 1号厅' });
    await user.click(seat('A2'));
    await user.click(confirmButton());

    const check = checkSeatSelection(seatMap, takenSeatIdsOf(seatMap), ['A2'], 4);
    const gap = check.ok ? undefined : check.violations.find((v) => v.code === 'SINGLE_GAP');
    expect(gap).toBeDefined();
    const status = await screen.findByText(gap!.hint.en);
    expect(status.getAttribute('role')).toBe('status');
    expect(api.mock.calls.some(([call]) => call.path === '/filmOrder/create')).toBe(false);
    expect(screen.queryByTestId('order-page')).toBeNull();
  });

  it('holds an acceptable choice and goes on to /cinema/order with the showId', async () => {
    const { user, queryClient } = renderPicker();
    await screen.findByRole('group', { name: 'Seat map of 1号厅' });
    await user.click(seat('A1'));
    await user.click(seat('A2'));
    await user.click(confirmButton());

    expect((await screen.findByTestId('order-page')).textContent).toBe(
      `/cinema/order?showId=${SHOW_ID}`,
    );
    const create = api.mock.calls.find(([call]) => call.path === '/filmOrder/create');
    expect(create?.[1]).toEqual({ body: { showId: SHOW_ID, seatLabels: ['A1', 'A2'] } });
    expect(queryClient.getQueryData(['filmOrders', 'pending', SHOW_ID])).toMatchObject({
      order: { id: 'o1', total: 90 },
    });
  });

  it('names each seat for screen readers, with its price and state, and refuses a sold one', async () => {
    const { user } = renderPicker();
    await screen.findByRole('group', { name: 'Seat map of 1号厅' });
    expect(seat('A1').getAttribute('aria-label')).toBe(
      'Row A, Seat 1, standard seat, ¥45.00, available',
    );
    expect(seat('B4').getAttribute('aria-label')).toBe(
      'Row B, Seat 4, standard seat, ¥45.00, sold',
    );
    expect(seat('B4').getAttribute('aria-disabled')).toBe('true');
    expect(seat('B4').getAttribute('aria-pressed')).toBeNull();

    await user.click(seat('B4'));
    expect(seat('B4').getAttribute('data-state')).toBe('taken');
    expect(screen.queryByTestId('seat-total')).toBeNull();
    await waitFor(() =>
      expect(document.body.textContent).toContain('This seat is sold. Choose another one.'),
    );

    await user.click(seat('A1'));
    expect(seat('A1').getAttribute('aria-label')).toBe(
      'Row A, Seat 1, standard seat, ¥45.00, chosen',
    );
    const summary = screen.getByRole('group', { name: 'Seat map of 1号厅' });
    const described = document.getElementById(summary.getAttribute('aria-describedby')!)!;
    expect(within(described).getByText(/Row A, Seat 1/)).toBeTruthy();
  });

  it("draws the seats the user's own unpaid order holds as theirs, apart from another's hold", async () => {
    const held = {
      ...seatMap,
      ...hallFromPicture(`
      ohho.oooo
      ooox.oooo
    `),
    };
    const base = api.getMockImplementation()!;
    api.mockImplementation(async (call: CallDefinition, input: { body?: unknown }) => {
      if (call.path === '/show/layout') return splitShowSeats(held).layout;
      if (call.path === '/show/availability') return splitShowSeats(held).availability;
      if (call.path === '/filmOrder/pending') {
        const order = await base({ path: '/filmOrder/create' }, { body: { seatLabels: ['A2'] } });
        return { order, paidOrderId: null };
      }
      return base(call, input);
    });
    const { user } = renderPicker();
    await waitFor(() => expect(seat('A2').getAttribute('data-state')).toBe('mine'));
    expect(seat('A2').getAttribute('aria-label')).toBe(
      'Row A, Seat 2, standard seat, ¥45.00, held for you',
    );
    expect(seat('A3').getAttribute('data-state')).toBe('taken');
    expect(seat('A3').getAttribute('data-taken')).toBe('held');
    expect(screen.getByText('Held for you')).toBeTruthy();

    await user.click(seat('A2'));
    await waitFor(() =>
      expect(document.body.textContent).toContain('Row A, Seat 2 is in your unpaid order'),
    );
    expect(screen.queryByTestId('seat-total')).toBeNull();
  });

  it('moves between seats with the arrow keys, across the aisle, and chooses with Space', async () => {
    const { user } = renderPicker();
    await screen.findByRole('group', { name: 'Seat map of 1号厅' });
    seat('A4').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(seat('A5'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(seat('B5'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(seat('A5'));
    await user.keyboard(' ');
    expect(seat('A5').getAttribute('aria-pressed')).toBe('true');
  });
});

describe('推荐选座 and the seat list', () => {
  const chosenOnMap = () =>
    [...document.querySelectorAll<HTMLElement>('[data-seat][data-state="chosen"]')].map(
      (element) => element.dataset.seat,
    );

  it('picks the best block that obeys the rules, as a choice the user can change', async () => {
    const { user } = renderPicker();
    await screen.findByRole('group', { name: 'Seat map of 1号厅' });
    // maxSeatsPerOrder is 4: one button per party size up to it.
    expect(screen.getAllByRole('button', { name: /^Best seats for \d$/ })).toHaveLength(4);
    // Every three in row A leave a single empty seat; in row B, behind, B5–B7 leave B8 alone but
    // unavoidably (three of a block of four), and sit nearer the centre than B1–B3.
    await user.click(screen.getByRole('button', { name: 'Best seats for 3' }));
    expect(chosenOnMap()).toEqual(['B5', 'B6', 'B7']);
    expect(document.body.textContent).toContain(
      'Picked Row B, Seat 5; Row B, Seat 6; Row B, Seat 7 for you',
    );
    await user.click(seat('B7'));
    expect(chosenOnMap()).toEqual(['B5', 'B6']);
  });

  it('lists rows as headings and seats as buttons in words, sharing the choice with the map', async () => {
    const { user } = renderPicker();
    await screen.findByRole('group', { name: 'Seat map of 1号厅' });
    await user.click(seat('A2'));
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Row A8 available',
      'Row B7 available',
    ]);
    const a2 = screen.getByRole('button', { name: 'Row A, Seat 2, standard seat, ¥45.00, chosen' });
    expect(a2.getAttribute('aria-pressed')).toBe('true');
    const b4 = screen.getByRole('button', { name: 'Row B, Seat 4, standard seat, ¥45.00, sold' });
    expect(b4.getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('button', { name: /^Row A, Seat 3,/ }));
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Chose Row A, Seat 3');
    await user.click(screen.getByRole('button', { name: 'Map' }));
    expect(chosenOnMap()).toEqual(['A2', 'A3']);
  });
});

describe('seats left and care mode', () => {
  afterEach(() => setCareMode(false));

  it('says how many seats are left beside the film', async () => {
    renderPicker();
    await screen.findByRole('group', { name: 'Seat map of 1号厅' });
    // 16 seats, one of them sold.
    expect(screen.getByTestId('seats-left').textContent).toBe('15 seats left');
    expect(screen.getByTestId('seats-left').getAttribute('data-heat')).toBe('normal');
  });

  it('opens on the seat list with 推荐选座 above it and no colour key in care mode', async () => {
    setCareMode(true);
    renderPicker();
    const list = await screen.findByTestId('seat-list');
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    const best = screen.getByRole('group', { name: 'Best seats' });
    expect(best.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.querySelector('.seat-legend')).toBeNull();
    expect(document.querySelector('[data-seat]')).toBeNull();
  });

  it('opens on the map with its colour key otherwise', async () => {
    renderPicker();
    await screen.findByRole('group', { name: 'Seat map of 1号厅' });
    expect(screen.getByRole('button', { name: 'Map' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.seat-legend')).not.toBeNull();
  });
});

// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { payParamFor, type OrderKind, type StoreCard } from '@marquee/contracts';
import { PayPanel } from './pay-panel';

// Nothing here reaches the server: the sheet's choices are decided before any call.
vi.mock('@/lib/api/api', () => ({
  api: vi.fn(async () => {
    throw new Error('no server in this test');
  }),
}));

const card = (id: string, types: string[], balance: number): StoreCard => ({
  id,
  cardNo: `660000000000${id.padStart(4, '0')}`,
  name: `${types.join('+')} card`,
  cardTypeList: types,
  balance,
});

function renderPanel(options: {
  kind?: OrderKind;
  total: number;
  storeCard: StoreCard[];
  hasPayPassword?: boolean;
  lockedUntil?: string | null;
}) {
  const onSetPassword = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PayPanel
          param={payParamFor(options.kind ?? 'film', 'o1')}
          total={options.total}
          phone="13800138000"
          isExpired={false}
          storeCard={options.storeCard}
          hasPayPassword={options.hasPayPassword ?? true}
          onSetPassword={onSetPassword}
          onPaid={vi.fn()}
          payPasswordLockedUntil={options.lockedUntil ?? null}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // antd-mobile's Popup leaves `pointer-events: none` on while it animates, which jsdom never ends.
  return { user: userEvent.setup({ pointerEventsCheck: 0 }), onSetPassword };
}

async function openSheet(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  return screen.findByRole('group', { name: 'Choose how to pay' });
}

const methodNames = (sheet: HTMLElement) =>
  within(sheet)
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('value'));

describe('the pay sheet', () => {
  it('says up front that card payments are locked, defaults to WeChat Pay and links to the reset', async () => {
    const { user } = renderPanel({
      total: 90.3,
      storeCard: [card('1', ['general'], 200)],
      lockedUntil: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    const methods = await openSheet(user);
    expect(within(methods).getByRole('radio', { name: 'WeChat Pay' })).toHaveProperty(
      'checked',
      true,
    );
    const cards = within(methods).getByRole('radio', { name: /Member cards/ });
    expect(cards).toHaveProperty('disabled', true);
    // The card method says it is locked, not what it could pay.
    expect(cards.closest('label')?.textContent).toMatch(/Locked until \d\d:\d\d/);
    const notice = screen.getByTestId('pay-password-locked');
    expect(notice.textContent).toMatch(/locked until \d\d:\d\d/);
    expect(within(notice).getByRole('link', { name: 'Forgot your pay password?' })).toHaveProperty(
      'pathname',
      '/account/security',
    );
  });

  it('offers cards as before once a lock has run out', async () => {
    const { user } = renderPanel({
      total: 90.3,
      storeCard: [card('1', ['general'], 200)],
      lockedUntil: new Date(Date.now() - 60_000).toISOString(),
    });
    const methods = await openSheet(user);
    expect(within(methods).getByRole('radio', { name: /Member cards/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.queryByTestId('pay-password-locked')).toBeNull();
  });

  it('offers cards and WeChat Pay when the usable cards cover the total, with the amounts', async () => {
    const { user } = renderPanel({
      total: 90.3,
      storeCard: [card('1', ['general'], 200), card('2', ['film'], 50), card('3', ['goods'], 30)],
    });
    expect(screen.getByTestId('order-total').textContent).toBe('¥90.30');
    const methods = await openSheet(user);
    expect(methodNames(methods)).toEqual(['cards', 'wechat']);
    expect(within(methods).getByRole('radio', { name: /Member cards/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(methods).getByText('Usable balance ¥250.00')).toBeTruthy();

    // A goods card cannot pay for tickets: only the general and the film card are offered.
    const cards = screen.getByRole('group', { name: 'Cards to use' });
    const offered = within(cards).getAllByRole('checkbox');
    expect(offered).toHaveLength(2);
    expect(within(cards).queryByText(/goods card/)).toBeNull();
    expect(within(cards).getByText('Balance ¥200.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay ¥90.30' })).toHaveProperty('disabled', false);
  });

  it('proposes cards first and the rest by WeChat when the cards hold too little', async () => {
    const { user } = renderPanel({ total: 90.3, storeCard: [card('2', ['film'], 50)] });
    const methods = await openSheet(user);
    expect(methodNames(methods)).toEqual(['combined', 'wechat']);
    expect(within(methods).getByText('Cards ¥50.00 + WeChat ¥40.30')).toBeTruthy();

    await user.click(within(methods).getByRole('radio', { name: /^WeChat Pay/ }));
    expect(screen.queryByRole('group', { name: 'Cards to use' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay ¥90.30' })).toHaveProperty('disabled', false);
  });

  it('pays a store order with goods and general cards, never a film card', async () => {
    const { user } = renderPanel({
      kind: 'store',
      total: 12,
      storeCard: [card('2', ['film'], 50), card('3', ['goods'], 30)],
    });
    await openSheet(user);
    const cards = screen.getByRole('group', { name: 'Cards to use' });
    expect(within(cards).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(cards).getByText(/goods card/)).toBeTruthy();
  });

  it('offers only WeChat Pay, and says why, when no card can pay for the order', async () => {
    const { user } = renderPanel({ total: 45, storeCard: [card('3', ['goods'], 30)] });
    const methods = await openSheet(user);
    expect(methodNames(methods)).toEqual(['wechat']);
    expect(within(methods).getByText('No card can pay for tickets')).toBeTruthy();
  });

  it('asks for at least one card, and for a pay password before paying by card', async () => {
    const { user, onSetPassword } = renderPanel({
      total: 45,
      storeCard: [card('1', ['general'], 200)],
      hasPayPassword: false,
    });
    await openSheet(user);
    const pay = screen.getByRole('button', { name: 'Pay ¥45.00' });
    expect(pay).toHaveProperty('disabled', true);
    expect(screen.getByText('Card payments need a 6-digit pay password first')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set pay password' }));
    expect(onSetPassword).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one card');
  });
});

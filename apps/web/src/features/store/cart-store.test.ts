import { describe, expect, it } from 'vitest';
import { storeOrderMaxLines } from '@marquee/contracts';
import {
  CART_STORAGE_KEY,
  cartCount,
  cartTotalFen,
  createCartStore,
  type CartLine,
  type KeyValueStorage,
} from './cart-store';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

const line = (goodsInfoId: string, overrides: Partial<CartLine> = {}): CartLine => ({
  goodsId: `g-${goodsInfoId}`,
  goodsInfoId,
  goodsName: '爆米花',
  goodsInfoName: goodsInfoId,
  imageUrl: `/goods/${goodsInfoId}.svg`,
  price: 19.9,
  quantity: 1,
  maxQuantity: 10,
  ...overrides,
});

describe('the store cart', () => {
  it('adds up the same variant and never beyond its stock', () => {
    const cart = createCartStore({ storage: memoryStorage() });
    expect(cart.add(line('large', { quantity: 2, maxQuantity: 3 }))).toEqual({
      ok: true,
      quantity: 2,
      isCapped: false,
    });
    expect(cart.add(line('large', { quantity: 2, maxQuantity: 3 }))).toEqual({
      ok: true,
      quantity: 3,
      isCapped: true,
    });
    expect(cart.get().lines).toHaveLength(1);
    expect(cart.get().lines[0]?.quantity).toBe(3);
  });

  it('refuses a sold-out variant and a line beyond the order limit', () => {
    const cart = createCartStore({ storage: memoryStorage() });
    expect(cart.add(line('gone', { maxQuantity: 0 }))).toEqual({ ok: false, reason: 'NO_STOCK' });
    for (let i = 0; i < storeOrderMaxLines; i += 1) cart.add(line(`v${i}`));
    expect(cart.add(line('one-more'))).toEqual({ ok: false, reason: 'CART_FULL' });
    // More of a variant already in the cart is still fine.
    expect(cart.add(line('v0')).ok).toBe(true);
  });

  it('counts items and totals them in fen without float drift', () => {
    const lines = [line('a', { price: 0.1, quantity: 3 }), line('b', { price: 0.2, quantity: 1 })];
    expect(cartCount(lines)).toBe(4);
    expect(cartTotalFen(lines)).toBe(50);
  });

  it('removes a line whose quantity goes to 0 and lowers one above its maximum', () => {
    const cart = createCartStore({ storage: memoryStorage() });
    cart.add(line('a', { maxQuantity: 4 }));
    cart.add(line('b'));
    cart.setQuantity('a', 9);
    expect(cart.get().lines.find((l) => l.goodsInfoId === 'a')?.quantity).toBe(4);
    cart.setQuantity('a', 0);
    expect(cart.get().lines.map((l) => l.goodsInfoId)).toEqual(['b']);
    cart.remove('b');
    expect(cart.get().lines).toEqual([]);
  });

  it('survives a reload through its storage and ignores what it cannot read', () => {
    const storage = memoryStorage();
    const first = createCartStore({ storage });
    first.add(line('a', { quantity: 2 }));
    first.setPickupCinema('cinema-1');
    const second = createCartStore({ storage });
    expect(second.get().lines.map((l) => [l.goodsInfoId, l.quantity])).toEqual([['a', 2]]);
    expect(second.get().pickupCinemaId).toBe('cinema-1');

    storage.data.set(CART_STORAGE_KEY, '{not json');
    expect(createCartStore({ storage }).get()).toEqual({ lines: [], checkout: null });
    storage.data.set(CART_STORAGE_KEY, JSON.stringify({ lines: [{ goodsInfoId: 1 }, line('ok')] }));
    expect(
      createCartStore({ storage })
        .get()
        .lines.map((l) => l.goodsInfoId),
    ).toEqual(['ok']);
  });

  it('buys one product at once without touching the cart', () => {
    const cart = createCartStore({ storage: memoryStorage() });
    cart.add(line('in-cart'));
    cart.checkoutNow([line('now', { quantity: 2 })]);
    cart.setCheckoutQuantity('now', 3);
    expect(cart.get().checkout?.lines.map((l) => [l.goodsInfoId, l.quantity])).toEqual([
      ['now', 3],
    ]);
    cart.orderCreated('order-1');
    expect(cart.get().checkout?.orderId).toBe('order-1');
    expect(cart.get().lines.map((l) => l.goodsInfoId)).toEqual(['in-cart']);
  });

  it('checks out the cart, keeps its edits in the cart, and empties it once the order is made', () => {
    const cart = createCartStore({ storage: memoryStorage() });
    cart.add(line('a'));
    cart.add(line('b'));
    cart.checkoutCart();
    cart.setCheckoutQuantity('a', 2);
    cart.removeCheckoutLine('b');
    expect(cart.get().lines.map((l) => [l.goodsInfoId, l.quantity])).toEqual([['a', 2]]);
    // Something added meanwhile stays in the cart after the order takes its lines.
    cart.add(line('c'));
    cart.orderCreated('order-2');
    expect(cart.get().lines.map((l) => l.goodsInfoId)).toEqual(['c']);
    expect(cart.get().checkout).toMatchObject({ source: 'cart', orderId: 'order-2' });
  });

  it('freezes the checkout once its order exists, so paying again never makes another', () => {
    const cart = createCartStore({ storage: memoryStorage() });
    cart.checkoutNow([line('a')]);
    cart.orderCreated('order-3');
    cart.setCheckoutQuantity('a', 5);
    cart.removeCheckoutLine('a');
    expect(cart.get().checkout?.lines.map((l) => l.quantity)).toEqual([1]);
    // Another order's end leaves this checkout alone.
    cart.endCheckout('order-other');
    expect(cart.get().checkout?.orderId).toBe('order-3');
    cart.endCheckout('order-3');
    expect(cart.get().checkout).toBeNull();
  });

  it('lowers a line to what the server says is left, and leaves a sold-out one to be removed', () => {
    const cart = createCartStore({ storage: memoryStorage() });
    cart.add(line('a', { quantity: 5 }));
    cart.add(line('b', { quantity: 2 }));
    cart.checkoutCart();
    cart.limitCheckoutLine('a', 2);
    cart.limitCheckoutLine('b', 0);
    const checkout = cart.get().checkout!;
    expect(checkout.lines.map((l) => [l.goodsInfoId, l.quantity, l.maxQuantity])).toEqual([
      ['a', 2, 2],
      ['b', 0, 0],
    ]);
    // The cart keeps what can still be bought.
    expect(cart.get().lines.map((l) => [l.goodsInfoId, l.quantity])).toEqual([['a', 2]]);
    cart.setCheckoutQuantity('a', 3);
    expect(cart.get().checkout?.lines[0]?.quantity).toBe(2);
  });

  it('tells its listeners about every change', () => {
    const cart = createCartStore({ storage: undefined });
    let calls = 0;
    const stop = cart.subscribe(() => (calls += 1));
    cart.add(line('a'));
    cart.clear();
    stop();
    cart.add(line('b'));
    expect(calls).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { isInternalPath, paths, routePaths } from './paths';

describe('route paths', () => {
  it('keeps the film and date in a cinema link so the page opens where the visitor was', () => {
    expect(paths.cinemaDetail('c 1', { filmId: 'f1', date: '2026-11-22' })).toBe(
      '/cinema/detail?cinemaId=c+1&filmId=f1&date=2026-11-22',
    );
    expect(paths.cinemaDetail('c1')).toBe('/cinema/detail?cinemaId=c1');
  });

  it('sends the order page its showId (spec §2) and encodes it', () => {
    expect(paths.cinemaOrder('show 42')).toBe('/cinema/order?showId=show+42');
    expect(new URL(paths.cinemaOrder('a&b'), 'http://x').searchParams.get('showId')).toBe('a&b');
  });

  it('leaves category 0 ("all") and a missing order out of the store URLs', () => {
    expect(paths.storeProductList('0')).toBe('/store/product/list');
    expect(paths.storeProductList('c9')).toBe('/store/product/list?categoryId=c9');
    expect(paths.storeOrderPayment()).toBe('/store/order/payment');
    expect(paths.storeOrderPayment('o1')).toBe('/store/order/payment?orderId=o1');
    expect(paths.homeOrder('store')).toBe('/home/order?kind=store');
    expect(paths.homeOrder('film')).toBe('/home/order');
  });

  it('names the 17 routes of spec §2 besides the root, account security, coupons, 改签 and messages', () => {
    expect(Object.keys(routePaths)).toHaveLength(21);
    expect(new Set(Object.values(routePaths)).size).toBe(21);
    expect(routePaths.accountCoupons).toBe('/account/coupons');
    expect(routePaths.accountSecurity).toBe('/account/security');
    expect(routePaths.orderExchange).toBe('/order/exchange');
    expect(routePaths.accountMessages).toBe('/account/messages');
  });

  it('sends the exchange page its order, and the show once chosen', () => {
    expect(paths.orderExchange('o1')).toBe('/order/exchange?orderId=o1');
    expect(paths.orderExchange('o1', 's2')).toBe('/order/exchange?orderId=o1&showId=s2');
  });

  it('returns from the pay password reset only to a page of this app', () => {
    expect(paths.accountSecurity('/cinema/order?showId=s1')).toBe(
      '/account/security?back=%2Fcinema%2Forder%3FshowId%3Ds1',
    );
    expect(paths.accountSecurity('//evil.example/x')).toBe('/account/security');
    expect(paths.accountSecurity('/\\evil.example')).toBe('/account/security');
    expect(paths.accountSecurity('https://evil.example')).toBe('/account/security');
    expect(isInternalPath('/order/detail')).toBe(true);
  });
});

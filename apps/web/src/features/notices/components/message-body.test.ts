import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '@marquee/contracts';
import { messageBody, showStartText } from './message-body';

// A phone set to California's clock, 16 hours behind China's: before any date code loads.
const phoneZone = vi.hoisted(() => {
  const before = process.env.TZ;
  process.env.TZ = 'America/Los_Angeles';
  return before;
});
afterAll(() => {
  if (phoneZone === undefined) delete process.env.TZ;
  else process.env.TZ = phoneZone;
});

const reminder: Message = {
  messageId: 'm-1',
  kind: 'reminder',
  orderId: 'o-1',
  orderNo: '202611220001',
  title: '流浪地球 3',
  cinema: '星光影城',
  startAt: '2026-11-22T11:30:00.000Z',
  seats: '5排7座',
  code: '80231457',
  amount: '45.00',
  delivery: 'sent',
  change: null,
  text: null,
  createdAt: '2026-11-22T09:30:00.000Z',
};

describe('message texts of 我的 → 消息', () => {
  it("shows a show's start on the cinema's clock, not the phone's", () => {
    expect(new Date(reminder.startAt!).getHours()).toBe(3); // the phone's own clock reads 03:30
    expect(showStartText(reminder.startAt!)).toBe('11月22日 19:30');
    expect(messageBody(reminder)).toBe(
      '流浪地球 3 将于 11月22日 19:30 在 星光影城 开场，取票码 80231457',
    );
  });

  it("names the show's date and time in a film's paid and refunded messages, not a store's", () => {
    expect(messageBody({ ...reminder, kind: 'paid' })).toBe(
      '流浪地球 3 · 11月22日 19:30 · 星光影城，座位 5排7座，取票码 80231457',
    );
    expect(messageBody({ ...reminder, kind: 'refunded' })).toBe(
      '流浪地球 3（11月22日 19:30 场）已退款 ¥45.00',
    );
    expect(messageBody({ ...reminder, kind: 'refunded', startAt: null, title: '爆米花' })).toBe(
      '爆米花 已退款 ¥45.00',
    );
  });

  it('tells a moved show by its new time and seats', () => {
    const moved: Message = { ...reminder, kind: 'showChanged', change: 'time', code: null };
    expect(messageBody(moved)).toBe(
      '流浪地球 3 · 星光影城 开场时间已改为 11月22日 19:30（座位 5排7座），如不便观影可在开场前免费退票',
    );
  });

  it('keeps the cinema day across midnight', () => {
    expect(showStartText('2026-11-22T16:30:00.000Z')).toBe('11月23日 00:30');
  });
});

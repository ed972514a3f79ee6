import { describe, expect, it } from 'vitest';
import {
  checkedInBy,
  describeOrderEvent,
  orderEventReasons,
  refundedByStaff,
  seatsMovedByStaff,
} from './order-events.js';

describe('order event reasons in the reader’s language', () => {
  it('gives every fixed reason a Chinese and an English text of its own', () => {
    for (const reason of Object.values(orderEventReasons)) {
      const zh = describeOrderEvent(reason, 'zh');
      expect(zh).not.toBe(reason);
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
      expect(describeOrderEvent(reason, 'en')).not.toBe(reason);
    }
  });

  it('names who checked a ticket in and who refunded it, with the reason they typed', () => {
    expect(describeOrderEvent(checkedInBy('cashier'), 'zh')).toBe('由 cashier 核销');
    expect(describeOrderEvent(checkedInBy('cashier'), 'en')).toBe('Checked in by cashier');
    expect(describeOrderEvent(refundedByStaff('manager', '影厅设备故障'), 'zh')).toBe(
      '员工 manager 退款：影厅设备故障',
    );
    expect(describeOrderEvent(refundedByStaff('manager', ''), 'en')).toBe(
      'Refunded by staff manager',
    );
  });

  it('says which seats staff moved the buyer between, and why', () => {
    const reason = seatsMovedByStaff('manager', 'D1 → C1, D2 → C2', '座椅靠背损坏');
    expect(describeOrderEvent(reason, 'zh')).toBe(
      '员工 manager 调整座位：D1 → C1, D2 → C2（座位损坏：座椅靠背损坏）',
    );
    expect(describeOrderEvent(reason, 'en')).toBe(
      'Seats moved by staff manager: D1 → C1, D2 → C2 (broken seat: 座椅靠背损坏)',
    );
  });

  it('shows a reason it does not know as written', () => {
    expect(describeOrderEvent('影院取消场次：放映机故障', 'zh')).toBe('影院取消场次：放映机故障');
  });
});

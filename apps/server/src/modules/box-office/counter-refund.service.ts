import { counterRefundOverLimitRoles, type counterRefundCall } from '@marquee/contracts/console';
import { fenToYuan, formatYuan, type CallAnswer } from '@marquee/contracts';
import type { SignedInStaff, SiteRow } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { findOrder } from '../orders/index.js';
import { refundOrderMoney, type PaymentDeps, type PaymentLog } from '../payment/index.js';
import { siteSettings } from '../site/index.js';
import { findCounterSale } from './counter-sale.service.js';
import * as shiftsRepository from './shifts.repository.js';
import { requireOpenShiftIn, type CinemaGuard } from './shifts.service.js';

/**
 * POST /api/console/box-office/refund: a counter sale refunded at the counter with a reason, by
 * the refund use case every staff refund goes through (modules/payment refund.service: order,
 * seats, card ledger, WeChat refund, the `order.refund` audit row). The counter adds, inside its
 * transaction on the locked order:
 *   - a cashier refunds up to the site's `cashierRefundLimitFen` (default ¥200); more needs a
 *     manager or owner (COUNTER_REFUND_OVER_LIMIT)
 *   - what was paid in cash comes out of the caller's open shift at that cinema (SHIFT_NOT_OPEN
 *     without one; COUNTER_CASH_SHORT when the drawer should not hold that much): a negative row of
 *     the drawer's ledger; card and WeChat parts go back where they came from
 *   - the refund rows name the caller's shift, when open, for the shift report
 * A refund after the day's close belongs to the day it happens (its rows' own time).
 */
export async function refundAtCounter(
  deps: PaymentDeps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { orderId: string; reason: string },
  guard: CinemaGuard,
  log: PaymentLog,
): Promise<CallAnswer<typeof counterRefundCall>> {
  const sale = await findCounterSale(deps.db, site, body.orderId, guard);
  const limitFen = siteSettings(site).cashierRefundLimitFen;
  const isOverLimitAllowed = (counterRefundOverLimitRoles as readonly string[]).includes(
    staff.role,
  );
  const openShift = await shiftsRepository.findOpenShiftOf(deps.db, staff.id);
  const shiftId = openShift?.cinema_id === sale.cinema_id ? openShift.id : null;
  const money = await refundOrderMoney(
    deps,
    site,
    {
      orderId: sale.id,
      actor: { kind: 'staff', staff },
      reason: body.reason,
      ignoreCutoff: true,
      counter: {
        shiftId,
        inTransaction: async (trx, order, refunded) => {
          if (!isOverLimitAllowed && refunded.totalFen > limitFen) {
            throw new AppError('COUNTER_REFUND_OVER_LIMIT', {
              amount: formatYuan(refunded.totalFen),
              limit: formatYuan(limitFen),
            });
          }
          if (refunded.cashFen === 0) return;
          const shift = await requireOpenShiftIn(trx, staff, order.cinema_id!);
          const expectedFen = await shiftsRepository.expectedCashFen(trx, shift.id);
          if (expectedFen < refunded.cashFen) {
            throw new AppError('COUNTER_CASH_SHORT', {
              expected: formatYuan(expectedFen),
              amount: formatYuan(refunded.cashFen),
            });
          }
          await shiftsRepository.insertMovement(trx, {
            shiftId: shift.id,
            kind: 'refund',
            amountFen: -refunded.cashFen,
            orderId: order.id,
            at: deps.clock.now(),
          });
        },
      },
    },
    log,
  );
  const order = (await findOrder(deps.db, sale.id))!;
  return {
    orderId: order.id,
    status: order.status,
    amount: fenToYuan(money.totalFen),
    cashBack: fenToYuan(money.cashFen),
    toOriginal: fenToYuan(money.totalFen - money.cashFen),
  };
}

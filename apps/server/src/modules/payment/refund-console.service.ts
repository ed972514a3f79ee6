import { fenToYuan, maskPhone } from '@marquee/contracts';
import type { AbnormalRefundRow, consoleAbnormalRefundsCall } from '@marquee/contracts/console';
import type { z } from 'zod';
import type { AppDeps, SignedInStaff } from '../../app-deps.js';
import type { SiteRow } from '../site/index.js';
import * as paymentRepository from './payment.repository.js';

type Query = z.output<(typeof consoleAbnormalRefundsCall)['query']>;

/**
 * GET /api/console/orders/abnormal-refunds: the refunds WeChat reported ABNORMAL or CLOSED (or
 * refused), of the cinemas the manager covers (owners: the whole site), newest first.
 */
export async function listRefundsNeedingStaff(
  deps: Pick<AppDeps, 'db'>,
  site: SiteRow,
  staff: SignedInStaff,
  query: Query,
) {
  const cinemaIds = staff.role === 'owner' ? null : staff.cinemaIds;
  const page = { pageNum: query.pageNum, pageSize: query.pageSize };
  if (cinemaIds !== null && cinemaIds.length === 0) {
    return { list: [], ...page, total: 0, hasMore: false };
  }
  const { rows, total } = await paymentRepository.pageRefundsNeedingStaff(deps.db, {
    siteId: site.id,
    cinemaIds,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  const list: AbnormalRefundRow[] = rows.map((row) => ({
    outRefundNo: row.out_refund_no,
    orderId: row.order_id,
    orderNo: row.order_no,
    kind: row.kind,
    status: row.status as AbnormalRefundRow['status'],
    amount: fenToYuan(row.amount_fen),
    reason: row.reason,
    isAutomatic: row.is_automatic,
    cinemaName: row.cinema_name,
    phoneMasked: row.phone ? maskPhone(row.phone) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }));
  return { list, ...page, total, hasMore: query.pageNum * query.pageSize < total };
}

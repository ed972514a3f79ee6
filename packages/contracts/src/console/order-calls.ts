import { z } from 'zod';
import { defineCall, pageAnswer, pageQuery } from '../call.js';
import { idSchema as id } from '../fields.js';
import { orderDetailSchema } from '../calls/order.js';
import { orderKinds, orderStatuses } from '../rules/order-status.js';
import { auditEntrySchema } from './audit-calls.js';
import type { StaffRole } from './staff-rules.js';

/**
 * Orders for staff: find an order of the cinemas one covers (by order number, the buyer's phone, or
 * its ticket/pickup code), read it with its money, events and audit trail, and refund it with a
 * reason (managers and owners, even past the moviegoer's cutoff).
 */

/** Who may refund an order from the console: cashiers look orders up, they do not give money back. */
export const staffRefundRoles = ['owner', 'manager'] as const satisfies readonly StaffRole[];

export function canRefundOrders(role: StaffRole): boolean {
  return (staffRefundRoles as readonly StaffRole[]).includes(role);
}

/** The audit actions the orders module writes. */
export const orderAuditActions = ['order.checkIn', 'order.refund'] as const;

/** A staff refund's reason: 2 to 200 characters, kept in the audit log and on the refund rows. */
export const STAFF_REFUND_REASON_MIN = 2;
export const STAFF_REFUND_REASON_MAX = 200;

export const consoleOrderRowSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  kind: z.enum(orderKinds),
  status: z.enum(orderStatuses),
  /** Yuan. */
  amount: z.number(),
  /** Film title, or the store order's first item. */
  title: z.string(),
  subtitle: z.string(),
  /** The show's start for film orders. */
  startAt: z.string().nullable(),
  cinemaName: z.string().nullable(),
  phoneMasked: z.string().nullable(),
  /** The ticket or pickup code, once issued. */
  code: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsoleOrderRow = z.infer<typeof consoleOrderRowSchema>;

export const consoleOrderSearchCall = defineCall({
  method: 'GET',
  path: '/console/orders/search',
  isSignedIn: true,
  query: pageQuery.extend({
    /** An order number, a full 11-digit phone, a ticket/pickup code or a scanned order QR. */
    q: z.string().trim().min(1).max(200),
  }),
  answer: pageAnswer(consoleOrderRowSchema),
});

export const orderEventSchema = z.object({
  from: z.enum(orderStatuses).nullable(),
  to: z.enum(orderStatuses),
  reason: z.string(),
  at: z.string(),
});

export const consoleOrderDetailSchema = orderDetailSchema
  .omit({ refund: true, exchange: true, serverTime: true })
  .extend({
    cinemaId: z.string().nullable(),
    cinemaName: z.string().nullable(),
    usedAt: z.string().nullable(),
    usedBy: z.string().nullable(),
    /** The order's status trail (order_events), oldest first. */
    events: z.array(orderEventSchema),
    /** Staff changes of this order (check-in, refund), oldest first. */
    audit: z.array(auditEntrySchema),
    /** Whether a manager or owner may refund it now (ticketed or ready; no cutoff for staff). */
    isRefundable: z.boolean(),
  });
export type ConsoleOrderDetail = z.infer<typeof consoleOrderDetailSchema>;

export const consoleOrderDetailCall = defineCall({
  method: 'GET',
  path: '/console/orders/detail',
  isSignedIn: true,
  query: z.object({ orderId: id }),
  answer: consoleOrderDetailSchema,
});

export const consoleOrderRefundCall = defineCall({
  method: 'POST',
  path: '/console/orders/refund',
  isSignedIn: true,
  body: z.object({
    orderId: id,
    reason: z.string().trim().min(STAFF_REFUND_REASON_MIN).max(STAFF_REFUND_REASON_MAX),
  }),
  answer: consoleOrderDetailSchema,
});

/**
 * Refunds WeChat did not pay back (decision 021): ABNORMAL (the buyer's bank card cancelled or frozen),
 * CLOSED, or refused outright (`failed`). Managers and owners of the order's cinema see them, newest
 * first, and open the order from here to act (call the buyer, refund by other means).
 */
export const refundsNeedingStaffStatuses = ['abnormal', 'closed', 'failed'] as const;

export const abnormalRefundRowSchema = z.object({
  outRefundNo: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  kind: z.enum(orderKinds),
  status: z.enum(refundsNeedingStaffStatuses),
  /** Yuan. */
  amount: z.number(),
  reason: z.string(),
  isAutomatic: z.boolean(),
  cinemaName: z.string().nullable(),
  phoneMasked: z.string().nullable(),
  createdAt: z.string(),
  /** When WeChat reported the outcome. */
  updatedAt: z.string(),
});
export type AbnormalRefundRow = z.infer<typeof abnormalRefundRowSchema>;

export const consoleAbnormalRefundsCall = defineCall({
  method: 'GET',
  path: '/console/orders/abnormal-refunds',
  isSignedIn: true,
  query: pageQuery,
  answer: pageAnswer(abnormalRefundRowSchema),
});

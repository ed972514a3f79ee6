import { randomInt } from 'node:crypto';
import type { OrderKind } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import * as ordersRepository from './orders.repository.js';

/**
 * The numbers an order carries: its order number, and the code shown at the door (a film
 * order's ticket code, 10 digits) or at the counter (a store order's pickup code, 8 digits),
 * unique per site by index.
 */

const CODE_DIGITS: Record<OrderKind, number> = { film: 10, store: 8 };
const QR_PREFIX: Record<OrderKind, string> = { film: 'MARQUEE:TICKET', store: 'MARQUEE:PICKUP' };

/** A readable order number: date plus random digits, e.g. 20261122-48213907. */
export function newOrderNo(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${date}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** A ticket or pickup code no other order of the site has, drawn again on a clash. */
export async function newOrderCode(
  trx: Executor,
  siteId: string,
  kind: OrderKind,
): Promise<string> {
  const digits = CODE_DIGITS[kind];
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = String(randomInt(10 ** (digits - 1), 10 ** digits));
    if (!(await ordersRepository.isCodeTaken(trx, siteId, code))) return code;
  }
  // Ten clashes in a row means the site is close to running out of codes: fail loudly.
  throw new Error(`no free ${kind} code found`);
}

/** The text of a ticket's or pickup's QR code: what the cinema's scanner reads. */
export function orderQrContent(
  kind: OrderKind,
  siteCode: string,
  orderNo: string,
  code: string,
): string {
  return `${QR_PREFIX[kind]}:${siteCode}:${orderNo}:${code}`;
}

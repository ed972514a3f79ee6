import { randomInt } from 'node:crypto';
import { ORDER_CODE_DIGITS, type OrderKind } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import * as ordersRepository from './orders.repository.js';

/**
 * The numbers an order carries: its order number, and the code shown at the door (a film
 * order's ticket code, 10 digits) or at the counter (a store order's pickup code, 8 digits),
 * unique per site by index.
 */

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
  const digits = ORDER_CODE_DIGITS[kind];
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = String(randomInt(10 ** (digits - 1), 10 ** digits));
    if (!(await ordersRepository.isCodeTaken(trx, siteId, code))) return code;
  }
  // Ten clashes in a row means the site is close to running out of codes: fail loudly.
  throw new Error(`no free ${kind} code found`);
}

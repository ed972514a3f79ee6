import { cardPayCall, type CallBody } from '@marquee/contracts';
import { api } from '@/lib/api/api';

/** Spec §7: POST /expenseRecord/card/v2/order, with this attempt's idempotency key. */
export function payByCard(body: CallBody<typeof cardPayCall>, idempotencyKey: string) {
  return api(cardPayCall, { body, headers: { 'idempotency-key': idempotencyKey } });
}

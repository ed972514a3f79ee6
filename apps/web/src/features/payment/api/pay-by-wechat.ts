import { wechatPayCall, type CallBody } from '@marquee/contracts';
import { api } from '@/lib/api/api';

/** Spec §7: POST /wxpay/wechatPay → the signing fields, with this attempt's idempotency key. */
export function payByWechat(body: CallBody<typeof wechatPayCall>, idempotencyKey: string) {
  return api(wechatPayCall, { body, headers: { 'idempotency-key': idempotencyKey } });
}
